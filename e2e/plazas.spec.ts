import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { horarioDeAtencion, type TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { venceEnHorario } from '@inscripciones/shared/sorteo/plazo-horario.ts';
import { iniciales, padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { inOwnCycle } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * After the raffle: the administrator shortens the cycle's offer deadline on the Ciclos screen; a
 * titular's family declines on the Plazas screen; the next suplente of the same list appears as offered there
 * with the new deadline and, without a reload, on the public board of an anonymous browser; the "Adenda al
 * acta" lists the change with its reason; the administrator gives that family one more day ("Cambiar plazo"); the
 * director's panel shows the places as GET /api/plazas does.
 */

const DAY = 24 * 60 * 60 * 1000;

/** A child's line on the public board: number and initials, never the full name. */
const lineaPublica = (region: Locator, o: { numeroInscripcion: number; nombreCompleto: string }) =>
  region.getByRole('listitem').filter({ hasText: `${padNumero(o.numeroInscripcion)} ${iniciales(o.nombreCompleto)}` });

async function runRaffle(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  await call('post', '/api/sorteo/start', {
    plazasNenas: 2,
    plazasVarones: 2,
    confirmarNuevo: true,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
  });
  await call('post', '/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
  for (;;) {
    const next = await call('post', '/api/sorteo/next');
    if (!next.participante) break;
    await call('post', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
  }
  await call('post', '/api/sorteo/end', {});
}

test('a titular declines: the next suplente is offered (new deadline) on Plazas and the public board; adenda and panel', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  // A cycle of its own: the raffle it finishes is the cycle's only one.
  await inOwnCycle(request, token, async () => {
    await seedInscriptos(request, 8, { finalizeEvery: 1, marker: `Plazas${Date.now().toString(36)}` });
    await resolveDuplicados(request);
    await runRaffle(request, token);

    const estado = (await (
      await request.get('/api/plazas', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as TPlazasEstado;
    const lista = estado.cola.nenas.length ? 'nenas' : 'varones';
    const titular = estado.ofertas.find((o) => o.lista === lista && o.estado === 'ofrecida')!;
    const siguiente = estado.cola[lista][0]!;

    // An anonymous browser watches the public board.
    const anon = await browser.newContext();
    const board = await anon.newPage();
    await board.goto('/sorteo');
    const boardRegion = board.getByRole('region', { name: 'Plazas después del sorteo' });
    await expect(boardRegion.getByText('Plazas libres: 0').first()).toBeVisible();
    const suplentesDeLista = boardRegion.getByRole('region', { name: new RegExp(`^Suplentes — ${lista}`, 'i') });
    await expect(lineaPublica(suplentesDeLista, siguiente)).toBeVisible();
    await expect(boardRegion.getByText(siguiente.nombreCompleto)).toHaveCount(0);

    // The administrator gives offers from now on 3 days instead of 7, on the Ciclos screen.
    const headers = { authorization: `Bearer ${token}` };
    const ciclo = ((await (await request.get('/api/ciclos', { headers })).json()) as { items: TCiclo[] }).items.find(
      (c) => c.actual,
    )!;
    expect(ciclo.plazoOfertaDias).toBe(7);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/ciclos');
    const cicloRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ciclo.nombre }) });
    await expect(cicloRow).toContainText('7 días');
    await cicloRow.getByRole('button', { name: `Cambiar plazo de las ofertas de ${ciclo.nombre}` }).click();
    const plazoDialog = page.getByRole('dialog', { name: `Plazo de las ofertas: ${ciclo.nombre}` });
    const dias = plazoDialog.getByLabel('Plazo para responder una oferta (días)');
    await expect(dias).toBeFocused();
    await dias.fill('61');
    await dias.press('Enter');
    await expect(plazoDialog.getByText('un número entero entre 1 y 60')).toBeVisible();
    await expect(dias).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('ciclos-plazo-dialog.png') });
    await dias.fill('3');
    await plazoDialog.getByRole('button', { name: 'Guardar plazo' }).click();
    await expect(plazoDialog).toBeHidden();
    await expect(page.getByText('vencen 3 días después')).toBeVisible();
    await page.reload();
    await expect(cicloRow).toContainText('3 días');
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`ciclos-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.goto('/plazas');
    await expect(page.getByRole('heading', { name: 'Plazas', level: 1 })).toBeVisible();
    const numero = padNumero(titular.numeroInscripcion);
    await page.getByRole('button', { name: `Rechazó (N° ${numero})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar la respuesta' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    // A decline needs its reason.
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByText('Escribí el motivo.')).toBeVisible();
    await dialog.getByLabel('Motivo (obligatorio)').fill('La familia se muda a Salto');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Respuesta registrada.')).toBeVisible();

    // The next suplente of the same list is offered, on this screen…
    const offers = page.getByRole('region', { name: 'Ofertas' });
    const row = offers.getByRole('row').filter({ hasText: siguiente.nombreCompleto });
    await expect(row).toContainText('Ofrecida');
    await expect(row).toContainText('Suplente');
    // With the new deadline; the titulares' offers keep theirs (7 days).
    const after = (await (await request.get('/api/plazas', { headers })).json()) as TPlazasEstado;
    const nueva = after.ofertas.find((o) => o.numeroInscripcion === siguiente.numeroInscripcion)!;
    // Offer time + the days, moved into the school's opening hours when it falls outside them (decision 0031).
    const { contenido } = (await (
      await request.get('/api/configuracion/contenido', { headers })
    ).json()) as TContenidoEstado;
    const enHorario = (ofrecidaEn: string, dias: number) =>
      new Date(venceEnHorario(Date.parse(ofrecidaEn) + dias * DAY, horarioDeAtencion(contenido))).toISOString();
    expect(nueva.vence).toBe(enHorario(nueva.ofrecidaEn, 3));
    await expect(row).toContainText(fechaHoraTexto(nueva.vence));
    for (const o of after.ofertas.filter((x) => x.origen === 'titular')) {
      expect(o.vence).toBe(enHorario(o.ofrecidaEn, 7));
    }
    await expect(offers.getByRole('row').filter({ hasText: titular.nombreCompleto })).toContainText('Rechazada');
    // …and on the public board, without a reload.
    const conPlaza = boardRegion.getByRole('region', { name: new RegExp(`^Con plaza — ${lista}`, 'i') });
    await expect(lineaPublica(conPlaza, siguiente)).toBeVisible();
    await expect(lineaPublica(suplentesDeLista, siguiente)).toHaveCount(0);
    // Each offer's history, and the season verified in the browser from public data alone.
    const historial = board.getByTestId('plazas-historial');
    await expect(historial.getByRole('row').filter({ hasText: new RegExp(`^${numero}`) })).toContainText('Rechazó');
    await expect(
      historial.getByRole('row').filter({ hasText: new RegExp(`^${padNumero(siguiente.numeroInscripcion)}`) }),
    ).toContainText('Sin respuesta todavía');
    await board.getByRole('button', { name: 'Verificar las plazas' }).click();
    await expect(board.getByTestId('plazas-verificacion')).toContainText('Coincide');

    // The child's history shows the change.
    await offers.getByRole('button', { name: `Historial (N° ${numero})` }).click();
    await expect(offers.getByText(/La familia se muda a Salto/)).toBeVisible();

    // The administrator gives the promoted family one more day ("Cambiar plazo"), with the reason.
    const siguienteNumero = padNumero(siguiente.numeroInscripcion);
    await offers.getByRole('button', { name: `Cambiar plazo (N° ${siguienteNumero})` }).click();
    const plazo = page.getByRole('dialog', { name: 'Cambiar plazo' });
    await expect(plazo.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    // One day later, to the minute (the field has no seconds), in Montevideo's wall time (UTC−3).
    const local = new Date(Date.parse(nueva.vence) + DAY - 3 * 3_600_000).toISOString().slice(0, 16);
    const masUnDia = new Date(Date.parse(`${local}:00Z`) + 3 * 3_600_000).toISOString();
    await plazo.getByLabel('Nuevo plazo (hora de Montevideo)').fill(local);
    await plazo.getByRole('button', { name: 'Guardar el plazo' }).click();
    await expect(plazo.getByText('Escribí el motivo.')).toBeVisible();
    await plazo.getByLabel('Motivo (obligatorio)').fill('La familia pidió un día más');
    await plazo.getByRole('button', { name: 'Guardar el plazo' }).click();
    await expect(plazo).toBeHidden();
    await expect(page.getByText('Plazo cambiado.')).toBeVisible();
    await expect(row).toContainText(fechaHoraTexto(masUnDia));
    const registro = await (await request.get('/api/plazas/registro-publico.json')).json();
    expect(registro.entradas.at(-1)).toMatchObject({
      tipo: 'vence',
      numero: siguiente.numeroInscripcion,
      vence: masUnDia,
    });

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await seriousA11yViolations(board)).toEqual([]);

    // The adenda lists the change, with who recorded it and why.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Adenda al acta (PDF)' }).click();
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(await (await download).path())));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Adenda al acta');
    expect(text).toContain('La familia se muda a Salto');
    expect(text).toContain(titular.nombreCompleto);
    expect(text).toContain(siguiente.nombreCompleto);

    // The director's panel shows the places per list, the same numbers as GET /api/plazas.
    const panel = (await (await request.get('/api/panel', { headers })).json()) as TPanel;
    expect(panel.plazasSorteo).toEqual({ actual: true, listas: after.listas });
    await page.getByRole('link', { name: 'Panel', exact: true }).click();
    const figure = page.getByRole('figure', { name: 'Plazas después del sorteo' });
    await expect(figure.locator('svg')).toBeVisible();
    await figure.getByText('Ver los datos en una tabla').click();
    const { nenas, varones } = after.listas;
    for (const [label, k] of [
      ['En total', 'plazas'],
      ['Aceptadas', 'aceptadas'],
      ['Ofrecidas', 'ofrecidas'],
      ['Libres', 'libres'],
    ] as const) {
      await expect(figure.getByRole('row', { name: label })).toHaveText(
        new RegExp(`^${label}\\s*${nenas[k]}\\s*${varones[k]}\\s*${nenas[k] + varones[k]}$`),
      );
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await figure.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`panel-plazas-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    // A bar, and the link, open the Plazas screen.
    await figure.getByRole('link', { name: 'Ver ofertas y suplentes en Plazas' }).click();
    await expect(page.getByRole('heading', { name: 'Plazas', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
    await anon.close();
  });
});
