import { expect, test } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { DOCUMENTO_CLASE_LABELS } from '@inscripciones/shared/solicitudes/documentos.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { RESPUESTA_FAMILIA_MSG } from '@inscripciones/shared/estado/respuesta-familia.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { crearPdf, jpegConMetadatos } from '../packages/server/src/test/documentos-fixtures.ts';
import { E2E_ADMIN, apiLogin, freshCi, resolveDuplicados, signInAs, watchForPageErrors } from './support.ts';
import { inOwnCycle, runRaffleByApi } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * An online application from the phone to an enrolment (docs/decisions/0035, 0038), all at 375 px: the family
 * applies with two uploads, staff find it under "Solicitud en línea — a verificar", look at a document, correct
 * a field and finalise it; the family reads its number and follows it on /estado, and after the raffle accepts
 * its place there. The 11 sections are filled through the API here (solicitud.spec.ts fills them on screen).
 */
test('a family applies with two uploads, staff verify and finalise, the family reads its status and accepts its place', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  // A cycle of its own: the raffle that offers this family its place is the cycle's only one.
  await inOwnCycle(
    request,
    token,
    async () => {
      const telefono = { viewport: { width: 375, height: 812 }, locale: 'es-UY' };
      const familia = await browser.newContext(telefono);
      const page = await familia.newPage();
      const errors = watchForPageErrors(page);
      await page.goto('/solicitud');
      await page.getByLabel('Correo electrónico o teléfono de contacto').fill('verificar.e2e@correo.uy');
      await page.getByRole('button', { name: 'Empezar la solicitud' }).click();
      await expect(page.getByText('Tu enlace privado y tu código')).toBeVisible();
      const llave = JSON.parse((await page.evaluate(() => localStorage.getItem('solicitud:llave')))!) as {
        id: string;
        codigo: string;
      };

      const datos: Record<string, unknown> = {
        ...completeInscripto(new Date()),
        nombre1: 'Josefina',
        apellido1: 'Verificada',
        ci: freshCi(),
        cantidadHermanosInscriben: 0,
      };
      delete datos.hermanosInscriben;
      // The initials /estado shows: staff correct the second name to "Corregida" below.
      const iniciales = `J. C. V. ${String(datos.apellido2).charAt(0)}.`;
      const put = await page.request.put(`/api/solicitudes/${llave.id}`, {
        headers: { 'x-codigo-solicitud': llave.codigo },
        data: datos,
      });
      expect(put.status(), await put.text()).toBe(200);
      await page.reload();
      await page.getByLabel(/^Paso \d+ de 13$/).selectOption('documentos');
      await page.getByLabel(DOCUMENTO_CLASE_LABELS.ci).setInputFiles({
        name: 'cedula.jpg',
        mimeType: 'image/jpeg',
        buffer: jpegConMetadatos(),
      });
      await expect(page.getByText(/^✓ Subido: foto JPEG/)).toBeVisible();
      await page.getByLabel(DOCUMENTO_CLASE_LABELS.domicilio).setInputFiles({
        name: 'constancia.pdf',
        mimeType: 'application/pdf',
        buffer: crearPdf(),
      });
      await expect(page.getByText(/^✓ Subido: PDF/)).toBeVisible();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Enviar la solicitud' }).click();
      await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();

      // Staff, on a phone too: the list's filter, then the application.
      const escuela = await browser.newContext(telefono);
      const staff = await escuela.newPage();
      const staffErrors = watchForPageErrors(staff);
      await signInAs(staff, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
      await staff.getByRole('link', { name: INSCRIPTO_MSG.estadoSolicitudes }).click();
      await expect(staff).toHaveURL(/\/solicitudes$/);
      const enlace = staff.getByRole('link', { name: /Josefina .*Verificada/ });
      await expect(enlace).toBeVisible();
      expect(await seriousA11yViolations(staff)).toEqual([]);
      await staff.screenshot({ path: testInfo.outputPath('solicitudes-a-verificar-375.png'), fullPage: true });
      await enlace.click();
      await expect(staff.getByRole('heading', { name: 'Verificar solicitud en línea' })).toBeVisible();
      await staff.getByRole('button', { name: 'Ver cédula del niño o niña' }).click();
      await expect(staff.getByRole('img', { name: 'Cédula del niño o niña' })).toBeVisible();
      await staff.getByRole('button', { name: 'Ver constancia de domicilio' }).click();
      await expect(staff.getByRole('link', { name: /Abrir el PDF/ })).toBeVisible();
      await staff.locator('#verificar-nombre2').fill('Corregida');
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(staff)).toEqual([]);
      await staff.screenshot({ path: testInfo.outputPath('solicitud-verificar-375.png'), fullPage: true });
      await staff.getByRole('button', { name: 'Finalizar inscripción' }).click();
      await expect(staff.getByText(/Inscripción finalizada con el número \d+/)).toBeVisible();
      const numero = /número (\d+)/.exec(
        (await staff.getByText(/Inscripción finalizada con el número/).textContent())!,
      )![1]!;
      await staff.getByRole('link', { name: 'Abrir la inscripción (constancia)' }).click();
      await expect(staff.getByRole('region', { name: 'Completitud de la inscripción' })).toContainText(
        `N° Inscripción: ${Number(numero)}`,
      );
      expect(staffErrors).toEqual([]);

      // The family: its number and the code, and the status page from there.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Inscripción finalizada' })).toBeVisible();
      await expect(page.getByText(`número ${numero}`).first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('solicitud-finalizada-375.png'), fullPage: true });
      // The code the family notes, as the screen shows it.
      const codigo = /el código ([2-9A-Z]{5}-[2-9A-Z]{5})\. Anotalos/.exec(
        (await page.getByText('Anotalos.').textContent())!,
      )![1]!;
      await page.getByRole('link', { name: 'Ver el estado de la inscripción' }).click();
      await expect(page.getByText(`Inscripción N° ${numero}`)).toBeVisible();
      await expect(page.getByText(/^Niño o niña:/)).toHaveText(`Niño o niña: ${iniciales}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('estado-desde-solicitud-375.png'), fullPage: true });

      // The raffle (this child its only participant, so titular), then the same phone answers the offer: the
      // number and the code typed in, the place accepted with a confirmation, the register's receipt.
      await resolveDuplicados(request);
      await runRaffleByApi(request, token, { nenas: 1, varones: 1 });
      await page.goto('/estado');
      await page.getByLabel('Número de inscripción').fill(numero);
      await page.getByLabel('Código').fill(codigo);
      await page.getByRole('button', { name: ESTADO_MSG.consultar }).click();
      await expect(page.getByRole('heading', { name: 'Resultado del sorteo' })).toBeFocused();
      await expect(page.getByText(/^Tiene una plaza en la lista de/)).toBeVisible();
      await page.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.aceptar }).click();
      await expect(page.getByText(RESPUESTA_FAMILIA_MSG.confirmarAceptar(iniciales))).toBeFocused();
      await page.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.confirmar }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Aceptaste la plaza el' })).toBeFocused();
      await expect(page.getByText(ESTADO_MSG.aceptada)).toBeVisible();
      await expect(page.getByRole('button', { name: RESPUESTA_FAMILIA_MSG.aceptar })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('aceptada-375.png'), fullPage: true });
      // This cycle's season by its id: other specs on this server leave seasons of theirs open.
      const auth = { authorization: `Bearer ${token}` };
      const ciclos = (await (await request.get('/api/ciclos', { headers: auth })).json()) as { items: TCiclo[] };
      const ciclo = ciclos.items.find((c) => c.actual)!;
      const plazas = (await (
        await request.get(`/api/plazas?ciclo=${ciclo.id}`, { headers: auth })
      ).json()) as TPlazasEstado;
      expect(plazas.ofertas.filter((o) => o.numeroInscripcion === Number(numero)).map((o) => o.estado)).toEqual([
        'aceptada',
      ]);
      expect(errors).toEqual([]);

      // The staff screens on a computer's screen.
      await staff.setViewportSize({ width: 1366, height: 800 });
      await staff.goto('/solicitudes');
      await expect(staff.getByText('No hay solicitudes en línea esperando verificación.')).toBeVisible();
      await staff.screenshot({ path: testInfo.outputPath('solicitudes-1366.png'), fullPage: true });
      await familia.close();
      await escuela.close();
    },
    2130,
  );
});

test('staff return an application with a note; the family reads it on its phone, corrects and sends it again', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const telefono = { viewport: { width: 375, height: 812 }, locale: 'es-UY' };
  const familia = await browser.newContext(telefono);
  const page = await familia.newPage();
  const errors = watchForPageErrors(page);
  // The application through the API (the screens are the test above's and solicitud.spec.ts's).
  const creada = await page.request.post('/api/solicitudes', { data: { contacto: '099 765 432' } });
  expect(creada.status()).toBe(201);
  const llave = (await creada.json()) as { id: string; codigo: string };
  const con = { 'x-codigo-solicitud': llave.codigo };
  const datos: Record<string, unknown> = {
    ...completeInscripto(new Date()),
    nombre1: 'Martina',
    apellido1: 'Devuelta',
    ci: freshCi(),
    cantidadHermanosInscriben: 0,
  };
  delete datos.hermanosInscriben;
  expect((await page.request.put(`/api/solicitudes/${llave.id}`, { headers: con, data: datos })).status()).toBe(200);
  for (const [clase, archivo] of [
    ['ci', { name: 'cedula.jpg', mimeType: 'image/jpeg', buffer: jpegConMetadatos() }],
    ['domicilio', { name: 'ute.pdf', mimeType: 'application/pdf', buffer: crearPdf() }],
  ] as const) {
    const res = await page.request.post(`/api/solicitudes/${llave.id}/documentos`, {
      headers: con,
      multipart: { clase, archivo },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect((await page.request.post(`/api/solicitudes/${llave.id}/enviar`, { headers: con })).status()).toBe(200);

  const escuela = await browser.newContext(telefono);
  const staff = await escuela.newPage();
  await signInAs(staff, E2E_ADMIN.username, E2E_ADMIN.password, '/solicitudes');
  await staff.getByRole('link', { name: /Martina .*Devuelta/ }).click();
  await expect(staff.getByRole('heading', { name: 'Verificar solicitud en línea' })).toBeVisible();
  await staff.setViewportSize({ width: 1366, height: 800 });
  await staff.screenshot({ path: testInfo.outputPath('solicitud-verificar-1366.png'), fullPage: true });
  await staff.setViewportSize(telefono.viewport);
  await staff.getByRole('button', { name: 'Devolver a la familia' }).click();
  const nota = 'La constancia de domicilio no se lee. Subí una foto más nítida.';
  await staff.getByLabel('Nota para la familia (qué tiene que corregir)').fill(nota);
  expect(await seriousA11yViolations(staff)).toEqual([]);
  await staff.getByRole('button', { name: 'Devolver con esta nota' }).click();
  await expect(staff.getByText(`Devuelta a la familia con la nota: ${nota}`)).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('solicitud-devuelta-personal-375.png'), fullPage: true });

  await page.goto(`/solicitud#id=${encodeURIComponent(llave.id)}&codigo=${encodeURIComponent(llave.codigo)}`);
  await expect(page.getByRole('heading', { name: 'La escuela te devolvió la solicitud' })).toBeVisible();
  await expect(page.getByText(nota)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('solicitud-devuelta-375.png'), fullPage: true });
  await page.getByLabel(/^Paso \d+ de 13$/).selectOption('documentos');
  await page.getByLabel(DOCUMENTO_CLASE_LABELS.domicilio).setInputFiles({
    name: 'ute.jpg',
    mimeType: 'image/jpeg',
    buffer: jpegConMetadatos(),
  });
  await expect(page.getByText(/^✓ Subido: foto JPEG/).nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
  expect(errors).toEqual([]);
  await staff.goto('/solicitudes');
  await expect(staff.getByRole('link', { name: /Martina .*Devuelta/ })).toBeVisible();
  await familia.close();
  await escuela.close();
});
