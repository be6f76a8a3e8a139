import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { PUESTA_MSG } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { runRaffleByApi } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * A season lives until it is over (decision 0030): next year's cycle made current while this year's offers are
 * open. The confirmation names the open offers, Plazas keeps showing them (with a cycle selector), and a family
 * of the old cycle still reads its status. At a desk (1366 px) and on a phone (375 px).
 */

async function crearCiclo(request: APIRequestContext, headers: Record<string, string>, desde: number) {
  let created = await request.post('/api/ciclos', { data: { anioIngreso: desde }, headers });
  for (let anio = desde + 1; created.status() === 409 && anio < desde + 20; anio++) {
    created = await request.post('/api/ciclos', { data: { anioIngreso: anio }, headers });
  }
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as TCiclo;
}

for (const [width, desde] of [
  [1366, 2050],
  [375, 2070],
] as const) {
  test(`a new cycle made current while offers are open keeps the season on Plazas and /estado (${width} px)`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const errors = watchForPageErrors(page);
    const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    const previous = ((await (await request.get('/api/ciclos', { headers })).json()) as { items: TCiclo[] }).items.find(
      (c) => c.actual,
    )!;
    const mover = { actual: true, confirmarOfertasAbiertas: true };
    const viejo = await crearCiclo(request, headers, desde);
    expect((await request.put(`/api/ciclos/${viejo.id}`, { data: mover, headers })).status()).toBe(200);
    try {
      const records = await seedInscriptos(request, 6, { finalizeEvery: 1, marker: `Temporada${width}` });
      await resolveDuplicados(request);
      const { codigo, numeroInscripcion: numero } = (await (
        await request.get(`/api/inscriptos/${records[0]!.id}/codigo-estado`, { headers })
      ).json()) as { codigo: string; numeroInscripcion: number };
      await runRaffleByApi(request, token, { nenas: 1, varones: 1 });
      const antes = (await (await request.get('/api/plazas', { headers })).json()) as TPlazasEstado;
      const abiertas = antes.ofertas.filter((o) => o.estado === 'ofrecida');
      const numerosAbiertos = new Set(abiertas.map((o) => o.numeroInscripcion)).size;
      expect(numerosAbiertos).toBeGreaterThan(0);
      const nuevo = await crearCiclo(request, headers, viejo.anioIngreso + 1);

      // "Hacer actual" on the Ciclos screen: a second confirmation names the open offers.
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/ciclos');
      const fila = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nuevo.nombre }) });
      await fila.getByRole('button', { name: `Hacer actual ${nuevo.nombre}` }).click();
      const primero = page.getByRole('dialog', { name: `Hacer actual: ${nuevo.nombre}` });
      await primero.getByRole('button', { name: 'Hacer actual' }).click();
      const aviso = page.getByRole('dialog', { name: `Hacer actual: ${nuevo.nombre}` });
      const suplentes = antes.cola.nenas.length + antes.cola.varones.length;
      const texto = CICLO_MSG.ofertasAbiertas('actual', viejo.nombre, numerosAbiertos, suplentes, nuevo.nombre);
      await expect(aviso).toContainText(texto);
      await expect(aviso).toContainText(`${numerosAbiertos} oferta`);
      await expect(aviso.getByRole('button', { name: 'Cancelar' })).toBeFocused();
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`ciclos-confirmacion-${width}.png`) });
      await aviso.getByRole('button', { name: CICLO_MSG.confirmarOfertas('actual') }).click();
      await expect(aviso).toBeHidden();
      await expect(fila.getByText('Actual')).toBeVisible();
      await expect(page.getByText(CICLO_MSG.guardado)).toBeVisible();

      // Plazas opens on a season still open, not on the new cycle's empty one, and offers the old cycle marked
      // open. Other specs on this server leave seasons of later years open, so which open one it picks is left
      // to the integration test (temporada-entre-ciclos.test.ts).
      await page.goto('/plazas');
      const selector = page.getByRole('combobox', { name: PLAZA_MSG.ciclo });
      await expect(selector).not.toHaveValue(nuevo.id);
      await expect(page.getByTestId('plazas-ciclo-aviso')).toContainText('sigue con ofertas o suplentes abiertos');
      await selector.selectOption({ label: PLAZA_MSG.opcionCiclo(viejo.nombre, false, true) });
      await expect(page).toHaveURL(new RegExp(`ciclo=${viejo.id}`));
      await expect(page.getByTestId('plazas-ciclo-aviso')).toHaveText(
        PLAZA_MSG.sigueAbierta(viejo.nombre, nuevo.nombre),
      );
      const ofertas = page.getByRole('region', { name: 'Ofertas' });
      for (const o of abiertas) await expect(ofertas.getByText(o.nombreCompleto).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`plazas-selector-${width}.png`), fullPage: true });
      // The new cycle, chosen: no raffle yet; and back.
      await selector.selectOption({ label: PLAZA_MSG.opcionCiclo(nuevo.nombre, true, false) });
      await expect(page).toHaveURL(new RegExp(`ciclo=${nuevo.id}`));
      await expect(page.getByText(PLAZA_MSG.sinSorteoDe(nuevo.nombre))).toBeVisible();
      await selector.selectOption(viejo.id);
      await expect(ofertas.getByText(abiertas[0]!.nombreCompleto).first()).toBeVisible();

      // A family of the old cycle, on its phone, still reads its status.
      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
      const family = await phone.newPage();
      const familyErrors = watchForPageErrors(family);
      await family.goto(`/estado?numero=${numero}&codigo=${codigo}`);
      await expect(family.getByRole('heading', { name: 'Resultado del sorteo' })).toBeVisible();
      await expect(
        family.getByText(`${viejo.nombre} · Inscripción N° ${String(numero).padStart(3, '0')}`, { exact: false }),
      ).toBeVisible();
      await family.screenshot({ path: testInfo.outputPath(`estado-ciclo-anterior-375.png`), fullPage: true });
      expect(familyErrors).toEqual([]);
      await phone.close();

      // Configuración's checklist, as the school sees it.
      await page.goto('/admin/configuracion');
      const lista = page.getByTestId('puesta-a-punto');
      await expect(lista.getByRole('heading', { name: PUESTA_MSG.titulo })).toBeVisible();
      await expect(lista.getByRole('listitem')).toHaveCount(4);
      for (const titulo of [PUESTA_MSG.direccion, PUESTA_MSG.fecha, PUESTA_MSG.contacto, PUESTA_MSG.iniciales]) {
        await expect(lista.getByRole('listitem').filter({ hasText: titulo })).toContainText(
          new RegExp(`${PUESTA_MSG.ok}|${PUESTA_MSG.aviso}`),
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await lista.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`configuracion-lista-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await request.put(`/api/ciclos/${previous.id}`, { data: mover, headers });
    }
  });
}
