import { expect, test, type Page } from '@playwright/test';
import type { TParticipantesPublicos, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * A raffle nobody has to take on trust, in a cycle of its own so the other raffle specs keep
 * theirs: a family sees its number and initials before the first draw, "Finalizar Sorteo" asks first, and
 * afterwards the public board keeps the results and "Verificar este sorteo" replays them in the browser.
 */

const SHOTS = process.env.SORTEO_SCREENSHOTS_DIR;
async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return;
  await page.setViewportSize({ width, height: width > 500 ? 900 : 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** After the end the raffle's lists are kept, folded once the season of offers is on the board. */
const archivedLines = (page: Page) =>
  page
    .getByRole('region', { name: 'Resultados del sorteo', includeHidden: true })
    .getByRole('listitem', { includeHidden: true });

test('a family checks its number before the first draw; the end asks first; the results stay and verify', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const ciclos = (await (await page.request.get('/api/ciclos', { headers })).json()) as { items: TCiclo[] };
  const previous = ciclos.items.find((c) => c.actual)!;
  const created = await page.request.post('/api/ciclos', {
    data: { anioIngreso: 2150 + (Date.now() % 50) },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const ciclo = (await created.json()) as TCiclo;
  expect(
    (
      await page.request.put(`/api/ciclos/${ciclo.id}`, {
        data: { actual: true, confirmarOfertasAbiertas: true },
        headers,
      })
    ).status(),
  ).toBe(200);

  try {
    await seedInscriptos(page.request, 8, { finalizeEvery: 1, marker: 'Confianza' });
    await resolveDuplicados(page.request);

    // The operator reviews the pre-flight and starts.
    const errors = watchForPageErrors(page);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/sorteo');
    await expect(page.getByText('Participan 8 niños y niñas en 8 sorteos (inscripciones finalizadas).')).toBeVisible();
    await expect(page.getByText('Posibles duplicados sin resolver: 0.')).toBeVisible();
    await shot(page, 'sorteo-preflight', 1366);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByLabel('Revisé quiénes participan y quiénes no').check();
    await page.getByRole('button', { name: SORTEO_MSG.iniciar }).click();
    await expect(page.getByRole('heading', { name: 'Antes del primer sorteo' })).toBeVisible();

    // A family, without logging in, finds its number and initials in the frozen list before the first draw.
    const family = await browser.newContext({ locale: 'es-UY', timezoneId: 'America/Montevideo' });
    const board = await family.newPage();
    const boardErrors = watchForPageErrors(board);
    await board.goto('/sorteo');
    const lista = (await (
      await page.request.get('/api/sorteo/participantes-publicos')
    ).json()) as TParticipantesPublicos;
    const status = (await (await page.request.get('/api/sorteo/status')).json()) as TSorteoStatus;
    expect(lista.hash).toBe(status.participantesHash);
    const mine = lista.participantes[3]!;
    const listed = board.locator('.sorteo-lista-publica__lineas li');
    await expect(listed).toHaveCount(8);
    await expect(listed.filter({ hasText: padNumero(mine.numeroInscripcion) })).toHaveText(
      `${padNumero(mine.numeroInscripcion)} ${mine.iniciales}`,
    );
    await board.getByLabel('Buscar un número').fill(String(mine.numeroInscripcion));
    await expect(listed).toHaveCount(1);
    await shot(board, 'sorteo-lista-publica', 375);
    await shot(board, 'sorteo-lista-publica', 1366);
    await shot(page, 'sorteo-preparacion', 1366);
    await shot(page, 'sorteo-preparacion', 375);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The public value and where it came from, then every draw.
    await page.getByLabel('Valor público dicho en la sala').fill('3 1 6');
    await page.getByLabel(/^De dónde salió/).fill('Dados lanzados por la escribana');
    await page.getByRole('button', { name: 'Sortear primer participante' }).click();
    const confirmar = page.getByRole('button', { name: SORTEO_MSG.confirmar });
    for (let k = 0; k < 8; k++) {
      await expect(page.locator('.sorteo-panel__progreso')).toHaveText(`Sorteo ${k + 1} de 8`);
      await expect(confirmar).toBeEnabled();
      if (k === 2) await shot(page, 'sorteo-activo', 1366);
      await confirmar.click();
    }
    await expect(page.getByRole('heading', { name: SORTEO_MSG.completadoTitulo })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 720 });

    // "Finalizar Sorteo" asks first: cancelling changes nothing.
    await page.getByRole('button', { name: SORTEO_MSG.finalizar }).click();
    const dialog = page.getByRole('dialog', { name: '¿Finalizar el sorteo?' });
    await expect(dialog).toBeVisible();
    await shot(page, 'sorteo-finalizar', 1366);
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Cancelar' }).last().click();
    await expect(dialog).toBeHidden();
    expect(((await (await page.request.get('/api/sorteo/status')).json()) as TSorteoStatus).isActive).toBe(true);
    await page.getByRole('button', { name: SORTEO_MSG.finalizar }).click();
    await dialog.getByLabel('Escribano/a').fill('Esc. Ana Núñez');
    await dialog.getByLabel('Testigos (uno por línea)').fill('Luis Pérez\nMarta Gómez');
    await dialog.getByRole('button', { name: SORTEO_MSG.finalizar }).click();
    await expect(page.getByText(SORTEO_MSG.finalizado)).toBeVisible();

    // The family's board keeps the results, and the browser verifies them against the public acta.
    await expect(archivedLines(board)).toHaveCount(8);
    await board.getByRole('button', { name: 'Verificar este sorteo' }).click();
    await expect(board.getByTestId('sorteo-verificacion')).toContainText(
      /^Coincide: este navegador repitió los 8 sorteos/,
    );
    await shot(board, 'sorteo-verificado', 1366);
    await shot(board, 'sorteo-verificado', 375);
    await shot(page, 'sorteo-finalizado', 1366);
    expect(await seriousA11yViolations(board)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await board.setViewportSize({ width: 375, height: 740 });
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    expect(boardErrors).toEqual([]);
    await family.close();
  } finally {
    await page.request.put(`/api/ciclos/${previous.id}`, {
      data: { actual: true, confirmarOfertasAbiertas: true },
      headers,
    });
  }
});
