import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { iniciales, padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { inOwnCycle, runRaffleByApi } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The school's contact set in Configuración reaches the families' status page with
 * what to do next; on a phone, the person answering in Plazas reaches the buttons, reads who got the place and
 * sees the new offer highlighted; the queue line follows the filters; the public board keeps each child in one
 * list.
 */

const CONTACTO = {
  telefono: '2900 1234',
  direccion: 'Av. Italia 1234, Montevideo',
  horarios: 'Lunes a viernes de 8:00 a 16:00',
};

let original: TContenidoEstado | null = null;

async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  return { authorization: `Bearer ${token}` };
}

async function codigosDe(request: APIRequestContext, ids: string[]) {
  const headers = await adminHeaders(request);
  const codigos = new Map<number, string>();
  for (const id of ids) {
    const c = (await (await request.get(`/api/inscriptos/${id}/codigo-estado`, { headers })).json()) as {
      numeroInscripcion: number;
      codigo: string;
    };
    codigos.set(c.numeroInscripcion, c.codigo);
  }
  return codigos;
}

test.afterAll(async ({ request }) => {
  // Other specs read the example contact: put back what was there.
  if (!original) return;
  const headers = await adminHeaders(request);
  const now = (await (await request.get('/api/configuracion/contenido', { headers })).json()) as TContenidoEstado;
  await request.put('/api/configuracion/contenido', {
    headers,
    data: { ...original.contenido, version: now.version },
  });
});

test('Configuración sets the school’s address and hours; /estado shows them with the next step, on a phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const headers = await adminHeaders(request);
  original = (await (await request.get('/api/configuracion/contenido', { headers })).json()) as TContenidoEstado;

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/configuracion');
  const form = page.getByRole('form', { name: 'Configuración de la escuela' });
  await form.getByLabel('Teléfono', { exact: true }).fill(CONTACTO.telefono);
  await form.getByLabel('Dirección de la escuela').fill(CONTACTO.direccion);
  await form.getByLabel('Horario de atención', { exact: true }).fill(CONTACTO.horarios);
  await form.getByLabel('Días de atención').selectOption('lunes-a-viernes');
  await form.getByLabel('Abre a las').fill('08:00');
  // Closing before opening is refused beside the field.
  await form.getByLabel('Cierra a las').fill('07:00');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(form.getByText('Cierra a las: tiene que ser después de la hora de apertura (08:00)')).toBeVisible();
  await form.getByLabel('Cierra a las').fill('16:00');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(CONFIGURACION_MSG.guardada)).toBeVisible();
  await form.getByLabel('Días de atención').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('configuracion-horario-1366.png') });

  const [record] = await seedInscriptos(request, 1, { finalizeEvery: 1 });
  const codigos = await codigosDe(request, [record!.id]);
  const [numero, codigo] = [...codigos][0]!;
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
  const family = await phone.newPage();
  const familyErrors = watchForPageErrors(family);
  await family.goto(`/estado?numero=${numero}&codigo=${codigo}`);
  await expect(family.getByRole('heading', { name: 'Inscripción finalizada' })).toBeFocused();
  await expect(
    family.getByText(
      `Niño o niña: ${iniciales([record!.nombre1, record!.nombre2, record!.apellido1, record!.apellido2].join(' '))}`,
    ),
  ).toBeVisible();
  const siguiente = family.getByRole('region', { name: 'Qué tenés que hacer' });
  await expect(siguiente).toContainText('No tenés que hacer nada más hasta el sorteo.');
  const contacto = family.getByRole('region', { name: 'Contacto de la escuela' });
  await expect(contacto.getByRole('link', { name: CONTACTO.telefono })).toHaveAttribute('href', 'tel:29001234');
  await expect(contacto.getByText(CONTACTO.direccion)).toBeVisible();
  await expect(contacto.getByText(CONTACTO.horarios)).toBeVisible();
  expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousA11yViolations(family)).toEqual([]);
  await family.screenshot({ path: testInfo.outputPath('estado-contacto-375.png'), fullPage: true });
  await family.setViewportSize({ width: 1366, height: 800 });
  await family.screenshot({ path: testInfo.outputPath('estado-contacto-1366.png'), fullPage: true });
  expect(familyErrors).toEqual([]);
  expect(errors).toEqual([]);
  await phone.close();
});

test('Plazas on a phone: the answer in reach, "La plaza pasó a N° …" with the new offer highlighted, the queue per filter', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchForPageErrors(page);
  const headers = await adminHeaders(request);
  await inOwnCycle(
    request,
    headers.authorization.slice('Bearer '.length),
    async () => {
      const records = await seedInscriptos(request, 8, {
        finalizeEvery: 1,
        marker: `Paso${Date.now().toString(36)}`,
      });
      await resolveDuplicados(request);
      const codigos = await codigosDe(
        request,
        records.map((r) => r.id),
      );
      await runRaffleByApi(request, headers.authorization.slice('Bearer '.length), { nenas: 1, varones: 1 });
      const estado = (await (await request.get('/api/plazas', { headers })).json()) as TPlazasEstado;
      const lista = estado.cola.nenas.length ? 'nenas' : 'varones';
      const otra = lista === 'nenas' ? 'varones' : 'nenas';
      const titular = estado.ofertas.find((o) => o.lista === lista && o.integrantes === 1)!;
      const siguiente = estado.cola[lista][0]!;
      const numero = padNumero(titular.numeroInscripcion);

      await page.setViewportSize({ width: 375, height: 812 });
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/plazas');
      await expect(page.getByRole('heading', { name: 'Plazas', level: 1 })).toBeVisible();
      const linea = page.locator('.plazas-cola-linea');
      await expect(linea).toHaveText(
        `Suplentes en espera: ${lista} ${estado.cola[lista].length} · ${otra} ${estado.cola[otra].length}.`,
      );
      // Lista = the one with suplentes: its queue only, never "(0) Nadie en espera" for the other one.
      await page.getByLabel('Lista', { exact: true }).selectOption(lista);
      await expect(linea).toHaveText(`Suplentes en espera: ${lista} ${estado.cola[lista].length}.`);
      const colas = page.getByRole('region', { name: 'Cola de suplentes' });
      await expect(colas.getByRole('heading', { name: new RegExp(`^Suplentes ${otra}`) })).toHaveCount(0);
      await expect(
        colas.getByRole('heading', { name: `Suplentes ${lista} (${estado.cola[lista].length})` }),
      ).toBeVisible();
      await expect(colas.getByText('Nadie en espera.')).toHaveCount(0);
      // The state filter is the offers': the queue stays.
      await page.getByLabel('Estado de la oferta', { exact: true }).selectOption('ofrecida');
      await expect(linea).toHaveText(`Suplentes en espera: ${lista} ${estado.cola[lista].length}.`);
      await page.getByLabel('Estado de la oferta', { exact: true }).selectOption('');

      // The answer buttons fit the phone and a finger.
      const rechazo = page.getByRole('button', { name: `Rechazó (N° ${numero})` });
      await rechazo.scrollIntoViewIfNeeded();
      const box = (await rechazo.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await rechazo.click();
      const dialog = page.getByRole('dialog', { name: 'Registrar la respuesta' });
      await dialog.getByLabel('Motivo (obligatorio)').fill('La familia eligió otra escuela');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await expect(dialog).toBeHidden();

      // The feedback line, in a polite live region, in sight where the answer was given.
      const aviso = page.getByRole('status').filter({ hasText: 'La plaza pasó a' });
      await expect(aviso).toContainText(
        `Respuesta registrada. N° ${numero} rechazó la plaza. La plaza pasó a N° ${padNumero(siguiente.numeroInscripcion)} (${siguiente.nombreCompleto}, ${lista}), con plazo para confirmar hasta el`,
      );
      await expect(aviso).toHaveAttribute('aria-live', 'polite');
      await expect(aviso).toBeInViewport();
      const fila = page.locator(`#oferta-fila-${siguiente.numeroInscripcion}-${siguiente.miembro}`);
      await expect(fila).toHaveClass(/plazas-fila--nueva/);
      await expect(fila).toContainText('Nueva');
      await expect(linea).toHaveText(`Suplentes en espera: ${lista} ${estado.cola[lista].length - 1}.`);
      await page.screenshot({ path: testInfo.outputPath('plazas-aviso-375.png') });
      await aviso.getByRole('button', { name: 'Ver la oferta nueva' }).click();
      await expect(fila).toBeFocused();
      await expect(fila).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('plazas-nueva-375.png') });
      await page.screenshot({ path: testInfo.outputPath('plazas-375-completa.png'), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.screenshot({ path: testInfo.outputPath('plazas-1366.png'), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

      // The family that got the place reads, on its phone, what to do before when.
      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
      const family = await phone.newPage();
      await family.goto(
        `/estado?numero=${siguiente.numeroInscripcion}&codigo=${codigos.get(siguiente.numeroInscripcion)}`,
      );
      const paso = family.getByRole('region', { name: 'Qué tenés que hacer' });
      await expect(paso).toContainText(
        new RegExp(
          `Confirmá la plaza de ${iniciales(siguiente.nombreCompleto)} antes del \\d+ de \\w+ de \\d{4}, \\d\\d:\\d\\d\\.`,
        ),
      );
      const { contenido } = (await (
        await request.get('/api/configuracion/contenido', { headers })
      ).json()) as TContenidoEstado;
      await expect(paso).toContainText(
        `llamá a la escuela al ${contenido.telefono} o acercate a ${contenido.direccion}`,
      );
      expect(await seriousA11yViolations(family)).toEqual([]);
      await family.screenshot({ path: testInfo.outputPath('estado-oferta-375.png'), fullPage: true });
      await family.setViewportSize({ width: 1366, height: 800 });
      await family.screenshot({ path: testInfo.outputPath('estado-oferta-1366.png'), fullPage: true });

      // The public board: each child in one list, where it stands now; the declined family under no heading.
      const board = await phone.newPage();
      await board.goto('/sorteo');
      const region = board.getByRole('region', { name: 'Plazas después del sorteo' });
      const conPlaza = region.getByRole('region', { name: new RegExp(`^Con plaza — ${lista}`, 'i') });
      const linePublica = (n: number, nombre: string) =>
        board.getByRole('listitem').filter({ hasText: `${padNumero(n)} ${iniciales(nombre)}` });
      await expect(
        conPlaza.getByRole('listitem').filter({ hasText: padNumero(siguiente.numeroInscripcion) }),
      ).toBeVisible();
      await expect(linePublica(titular.numeroInscripcion, titular.nombreCompleto)).toHaveCount(0);
      await expect(linePublica(siguiente.numeroInscripcion, siguiente.nombreCompleto)).toHaveCount(1);
      await expect(board.getByRole('region', { name: 'Resultados del sorteo' })).toBeHidden();
      await expect(board.getByText('Resultado del sorteo, como quedó al finalizar')).toBeVisible();
      expect(await seriousA11yViolations(board)).toEqual([]);
      await board.screenshot({ path: testInfo.outputPath('tablero-plazas-375.png'), fullPage: true });
      await board.setViewportSize({ width: 1366, height: 900 });
      await board.screenshot({ path: testInfo.outputPath('tablero-plazas-1366.png'), fullPage: true });
      await phone.close();
      expect(errors).toEqual([]);
    },
    2170,
  );
});
