import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TParticipantesPublicos, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { miembrosDeLaFamilia } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { RESPUESTA_FAMILIA_MSG } from '@inscripciones/shared/estado/respuesta-familia.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { codigoLegible } from '@inscripciones/shared/estado/estado-schema.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { inOwnCycle, runRaffleByApi } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';
import { URL_PUBLICA_E2E, guardarUrlPublica } from './direccion-publica.ts';
import { DIRECCION_MSG } from '@inscripciones/shared/configuracion/direccion-publica.ts';

type Decode = typeof jsQRModule.default;
/** jsqr is CommonJS: its function is the module itself under one loader and its `default` under another. */
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** The QR of the PDF's first page, read from a 150 dpi rendering. */
function qrOf(pdf: string): string | undefined {
  const base = pdf.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdf, base]);
  const png = PNG.sync.read(fs.readFileSync(`${base}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('the constancia of a finalised enrolment leads the family, by its QR, to its status on a phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const [record] = await seedInscriptos(page.request, 1);
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos/${record!.id}`);
  await page.getByRole('button', { name: INSCRIPTO_MSG.finalize }).click();
  const modal = page.getByRole('dialog', { name: INSCRIPTO_MSG.finalizedTitle });
  await expect(modal).toBeVisible();
  const numero = Number((await modal.getByText(/^Número de inscripción: \d+$/).textContent())!.replace(/\D/g, ''));

  // Without a public address the constancia is refused, saying where to set it; with this server's own
  // loopback address too (a family at home cannot open it).
  for (const [url, message] of [
    ['', DIRECCION_MSG.falta],
    [testInfo.project.use.baseURL!, DIRECCION_MSG.local(testInfo.project.use.baseURL!)],
  ] as const) {
    await guardarUrlPublica(page.request, url);
    await modal.getByRole('button', { name: ESTADO_MSG.imprimirConstancia }).click();
    await expect(modal.getByRole('alert')).toHaveText(message);
  }
  await guardarUrlPublica(page.request, URL_PUBLICA_E2E);
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: ESTADO_MSG.imprimirConstancia }).click();
  const pdf = testInfo.outputPath('constancia.pdf');
  await (await download).saveAs(pdf);
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await page.request.get(`/api/inscriptos/${record!.id}/codigo-estado`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { codigo } = (await res.json()) as { codigo: string };

  const text = execFileSync('pdftotext', [pdf, '-']).toString();
  const { escuelaNombre } = (await (await page.request.get('/api/configuracion/publico')).json()) as {
    escuelaNombre: string;
  };
  expect(text.split('\n')[0]).toBe(escuelaNombre);
  expect(text).toContain(`Número de inscripción: ${String(numero).padStart(3, '0')}`);
  expect(text).toContain(codigoLegible(codigo));
  expect(text).toMatch(/Fecha: \d+ de \w+ de \d{4}/);
  const qr = qrOf(pdf);
  expect(qr).toBe(`${URL_PUBLICA_E2E}/estado?numero=${numero}&codigo=${codigo}`);
  // The public address is this test server under another name: the family's phone opens the same page.
  const url = qr!.replace(URL_PUBLICA_E2E, testInfo.project.use.baseURL!);

  // A family's phone, with no session: the QR's address shows the status, and the code leaves the address bar.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
  const family = await phone.newPage();
  const familyErrors = watchForPageErrors(family);
  await family.goto(url!);
  const heading = family.getByRole('heading', { name: ESTADO_MSG.finalizada });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(family.getByText(escuelaNombre, { exact: true })).toBeVisible();
  await expect(family.getByText(/^Participa del sorteo del \d+ de \w+ de \d{4} a las \d\d:\d\d horas/)).toBeVisible();
  expect(family.url()).toBe(`${testInfo.project.use.baseURL}/estado?numero=${numero}`);
  expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousA11yViolations(family)).toEqual([]);
  await family.screenshot({ path: testInfo.outputPath('estado-375.png'), fullPage: true });

  // By keyboard: a wrong code gets the one answer a wrong number gets.
  await family.getByLabel('Código').fill('AAAAA-AAAAA');
  await family.keyboard.press('Enter');
  await expect(family.getByRole('alert')).toHaveText(ESTADO_MSG.noEncontrada);
  await expect(family.getByRole('alert')).toBeFocused();
  expect(await seriousA11yViolations(family)).toEqual([]);
  await family.setViewportSize({ width: 1366, height: 800 });
  await family.getByLabel('Código').fill(codigo.toLowerCase());
  await family.getByRole('button', { name: ESTADO_MSG.consultar }).click();
  await expect(family.getByRole('heading', { name: ESTADO_MSG.finalizada })).toBeVisible();
  await family.screenshot({ path: testInfo.outputPath('estado-1366.png'), fullPage: true });
  expect(familyErrors).toEqual([]);
  await phone.close();

  // Staff see the code on the enrolment and can replace it: the old one stops working.
  await page.goto(`/inscriptos/${record!.id}`);
  await expect(page.getByTestId('codigo-estado')).toHaveText(codigoLegible(codigo));
  await page.getByRole('button', { name: ESTADO_MSG.regenerar }).click();
  await page.getByRole('button', { name: 'Sí, generar' }).click();
  await expect(page.getByRole('status').filter({ hasText: ESTADO_MSG.regenerado })).toBeVisible();
  await expect(page.getByTestId('codigo-estado')).not.toHaveText(codigoLegible(codigo));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByTestId('codigo-estado').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('codigo-1366.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('codigo-estado').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('codigo-375.png') });
  const old = await page.request.post('/api/estado', { data: { numeroInscripcion: numero, codigo } });
  expect(old.status()).toBe(404);
  expect(errors).toEqual([]);
});

test('after the raffle a family sees, on a phone, its place: titular with the deadline or suplente N° k', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  await inOwnCycle(
    request,
    token,
    async () => {
      const records = await seedInscriptos(request, 6, {
        finalizeEvery: 1,
        marker: `Estado${Date.now().toString(36)}`,
      });
      await resolveDuplicados(request);
      const codigos = new Map<number, string>();
      for (const r of records) {
        const c = (await (await request.get(`/api/inscriptos/${r.id}/codigo-estado`, { headers })).json()) as {
          numeroInscripcion: number;
          codigo: string;
        };
        codigos.set(c.numeroInscripcion, c.codigo);
      }
      await runRaffleByApi(request, token, { nenas: 1, varones: 1 });
      const plazas = (await (await request.get('/api/plazas', { headers })).json()) as TPlazasEstado;
      const titular = plazas.ofertas[0]!;
      const lista = plazas.cola.nenas.length ? 'nenas' : 'varones';
      const suplente = plazas.cola[lista][0]!;

      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
      const family = await phone.newPage();
      const errors = watchForPageErrors(family);
      const open = (numero: number) => family.goto(`/estado?numero=${numero}&codigo=${codigos.get(numero)}`);
      await open(titular.numeroInscripcion);
      await expect(family.getByRole('heading', { name: 'Resultado del sorteo' })).toBeFocused();
      await expect(
        family.getByText(`Tiene una plaza en la lista de ${titular.lista}.`, { exact: false }),
      ).toBeVisible();
      // Its children's huellas: the public list's, which the family recomputes from number and code.
      const publica = (await (
        await request.get('/api/sorteo/participantes-publicos')
      ).json()) as TParticipantesPublicos;
      const { sal } = ((await (await request.get('/api/sorteo/status')).json()) as TSorteoStatus).ultimoArchivado!;
      const suya = publica.participantes.find((p) => p.numeroInscripcion === titular.numeroInscripcion)!;
      const codigo = codigos.get(titular.numeroInscripcion)!;
      expect(miembrosDeLaFamilia(publica.participantes, codigo, sal!, titular.numeroInscripcion)).toEqual(
        suya.miembros.map((_, i) => i),
      );
      for (const m of suya.miembros) await expect(family.getByText(m.huella)).toBeVisible();
      // …and this browser checked them with the code it was opened with.
      await expect(family.getByText(ESTADO_MSG.huellaComprobada)).toBeVisible();
      expect(await seriousA11yViolations(family)).toEqual([]);
      await family.screenshot({ path: testInfo.outputPath('titular-375.png'), fullPage: true });

      await open(suplente.numeroInscripcion);
      await expect(family.getByText(ESTADO_MSG.suplente(lista, 1))).toBeVisible();
      await expect(family.getByText(ESTADO_MSG.pendientesDelante(1))).toBeVisible();
      expect(await seriousA11yViolations(family)).toEqual([]);
      await family.screenshot({ path: testInfo.outputPath('suplente-375.png'), fullPage: true });

      // The titular's family accepts its place from the phone: a confirmation, then the register's receipt.
      await open(titular.numeroInscripcion);
      await family.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.aceptar }).click();
      await expect(family.getByText('¿Confirmás que aceptás la plaza para', { exact: false })).toBeFocused();
      await family.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.confirmar }).click();
      const recibo = family.getByRole('status').filter({ hasText: 'Comprobante: entrada N°' });
      await expect(recibo).toBeFocused();
      await expect(family.getByText(ESTADO_MSG.aceptada)).toBeVisible();
      await expect(family.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.aceptar })).toHaveCount(0);
      expect(await seriousA11yViolations(family)).toEqual([]);
      await family.screenshot({ path: testInfo.outputPath('respuesta-375.png'), fullPage: true });
      const despues = (await (await request.get('/api/plazas', { headers })).json()) as TPlazasEstado;
      expect(despues.ofertas.find((o) => o.id === titular.id)!.estado).toBe('aceptada');
      expect(errors).toEqual([]);
      await phone.close();
      await page.close();
    },
    2200,
  );
});
