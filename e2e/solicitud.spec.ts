import { expect, test, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { INSCRIPTO_FIELDS, SECTION_NUMBERS } from '@inscripciones/shared/inscriptos/fields.ts';
import { BOOLEAN_FIELDS, FIELD_OPTIONS } from '@inscripciones/shared/inscriptos/field-options.ts';
import { ciCheckDigit, ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { DOCUMENTO_CLASE_LABELS } from '@inscripciones/shared/solicitudes/documentos.ts';
import { crearPdf, jpegConMetadatos } from '../packages/server/src/test/documentos-fixtures.ts';
import { freshCi, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The families' online application (docs/decisions/0035) on a phone: a contact, the private link and code,
 * the 11 sections filled in (a reload on the way loses nothing), two documents uploaded, review and send.
 */

const NO_PARA_LA_FAMILIA = new Set(['fueraDeZonaAutorizado', 'hermanosInscriben', 'hermanosPrimaria']);
const BOOLEANOS: ReadonlySet<string> = new Set(BOOLEAN_FIELDS);

/** Fills one section from the complete enrolment, in form order (so a follow-up appears before it is filled). */
async function llenarSeccion(page: Page, seccion: number, datos: Record<string, unknown>) {
  for (const f of INSCRIPTO_FIELDS.filter((c) => c.section === seccion && !NO_PARA_LA_FAMILIA.has(c.name))) {
    const valor = datos[f.name];
    if (valor === undefined || valor === false || !isShown(f.name, datos)) continue;
    const id = `#solicitud-${f.name}`;
    if (BOOLEANOS.has(f.name)) await page.locator(id).check();
    else if (Array.isArray(valor)) for (const v of valor) await page.locator(`${id}-${v}`).check();
    else if (FIELD_OPTIONS[f.name]) await page.locator(id).selectOption(String(valor));
    else await page.locator(id).fill(String(valor));
  }
}

test('a family applies from its phone: contact, the 11 sections, two documents, send', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
  const page = await phone.newPage();
  const errors = watchForPageErrors(page);
  await page.goto('/solicitud');
  await expect(page.getByRole('heading', { name: 'Solicitud de inscripción' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('solicitud-inicio-375.png'), fullPage: true });

  // A contact that is neither an e-mail nor a phone: the shared message.
  await page.getByLabel('Correo electrónico o teléfono de contacto').fill('hola');
  await page.getByRole('button', { name: 'Empezar la solicitud' }).click();
  await expect(page.getByRole('alert')).toContainText('no parece un correo electrónico');
  await page.getByLabel('Correo electrónico o teléfono de contacto').fill('familia.e2e@correo.uy');
  await page.getByRole('button', { name: 'Empezar la solicitud' }).click();

  // The private link and code, shown open the first time.
  await expect(page.getByText('Tu enlace privado y tu código')).toBeVisible();
  const codigo = (await page.locator('strong.font-monospace').textContent())!;
  expect(codigo).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
  await expect(page.getByRole('heading', { name: '1. Datos Personales del Estudiante' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('solicitud-375.png'), fullPage: true });

  const datos: Record<string, unknown> = {
    ...completeInscripto(new Date()),
    ci: freshCi(),
    cantidadHermanosInscriben: 0,
  };
  // The shared rule's message on a bad CI, next to the field; the rest of the section still saves.
  await page.locator('#solicitud-ci').fill('1234');
  await expect(page.locator('#solicitud-ci-error')).toHaveText(ciError('1234')!);
  // A check digit that does not match: the staff form's warning, not an error (it may be a foreign document).
  const first7 = String(datos.ci).slice(0, 7);
  await page.locator('#solicitud-ci').fill(`${first7}${(ciCheckDigit(first7) + 1) % 10}`);
  await expect(page.locator('#solicitud-ci-aviso')).toHaveText(INSCRIPTO_MSG.ciCheckDigit);
  await expect(page.locator('#solicitud-ci')).toHaveAttribute('aria-describedby', 'solicitud-ci-aviso');
  await expect(page.locator('#solicitud-ci-error')).toHaveCount(0);
  await llenarSeccion(page, 1, datos);
  await expect(page.locator('#solicitud-ci-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: '2. Domicilio y contacto' })).toBeFocused();
  await llenarSeccion(page, 2, datos);
  await expect(page.getByRole('status').filter({ hasText: /^Guardado$/ })).toBeVisible();

  // A reload resumes the same application, with what was typed.
  await page.reload();
  await expect(page.locator('#solicitud-nombre1')).toHaveValue(String(datos.nombre1));
  await page.getByLabel(/^Paso \d+ de 13$/).selectOption('2');
  await expect(page.locator('#solicitud-domicilio')).toHaveValue(String(datos.domicilio));

  for (const seccion of SECTION_NUMBERS.slice(2)) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.locator('#solicitud-paso-titulo')).toHaveText(new RegExp(`^${seccion}\\. `));
    await llenarSeccion(page, seccion, datos);
  }
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();

  // A file that is not a document is refused with the server's message; then the two documents.
  await page.getByLabel(DOCUMENTO_CLASE_LABELS.ci).setInputFiles({
    name: 'cedula.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('no es un pdf'),
  });
  await expect(page.getByRole('alert')).toContainText('El archivo no es un PDF, JPEG ni PNG.');
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
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('solicitud-documentos-375.png'), fullPage: true });

  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Está todo completo.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
  await expect(page.getByText('te escribe a familia.e2e@correo.uy')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('solicitud-enviada-375.png'), fullPage: true });
  // A reload still shows it sent (the browser keeps the link, not the form).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('solicitud:datos'))).toBeNull();
  expect(errors).toEqual([]);

  // The same page on a computer's screen.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.getByRole('button', { name: 'Empezar otra solicitud' }).click();
  await expect(page.getByRole('button', { name: 'Empezar la solicitud' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('solicitud-1366.png'), fullPage: true });
  await phone.close();
});
