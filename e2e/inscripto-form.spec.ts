import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TAuditEntry } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { completionPercent } from '@inscripciones/shared/inscriptos/completeness.ts';
import {
  SECTION_NUMBERS,
  SECTION_TITLES,
  educacionInicialLabel,
  type SectionNumber,
} from '@inscripciones/shared/inscriptos/fields.ts';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { DATO_RESERVADO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { OUTBOX_MSG } from '../packages/web/src/features/inscripto-form/outbox/outbox-messages.ts';
import {
  E2E_ADMIN,
  GUEST_CREDENTIALS,
  apiLogin,
  cicloActual,
  seedUser,
  signInAs,
  watchForPageErrors,
} from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/** The enrolment form (/inscriptos/nuevo and /inscriptos/{id}) on the real server. */

const YEAR = new Date().getFullYear();

/** A CI nobody else in this run has, with a correct check digit. */
function freshCi(): string {
  const first7 = String(6_000_000 + Math.floor(Math.random() * 3_999_999));
  return `${first7}${ciCheckDigit(first7)}`;
}

const header = (page: Page, n: SectionNumber) =>
  page.getByRole('button', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const region = (page: Page, n: SectionNumber) =>
  page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const radio = (scope: Page | Locator, group: string, option: string) =>
  scope.getByRole('radiogroup', { name: group }).getByLabel(option, { exact: true });

async function apiToken(request: APIRequestContext, username: string, password: string) {
  return (await apiLogin(request, username, password)).token;
}

/** Creates an enrolment through the API (section 1 only) and returns it. */
async function seedInscripto(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/inscriptos', { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; version: number };
}

async function getInscripto(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/inscriptos/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** "Siguiente" in section n: saved, the section closes and the next one opens. */
async function next(page: Page, n: SectionNumber) {
  await region(page, n)
    .getByRole('button', { name: n === 11 ? 'Guardar Sección' : 'Siguiente' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toBeVisible();
  await expect(header(page, n)).toHaveAttribute('aria-expanded', 'false');
  if (n < 11) await expect(header(page, (n + 1) as SectionNumber)).toHaveAttribute('aria-expanded', 'true');
  // Let the 2 s alert go, so the next section's message is not mistaken for this one.
  await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toHaveCount(0, {
    timeout: 4000,
  });
}

test('a voluntario fills the 11 sections of a family with "Siguiente" and finalises', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchForPageErrors(page);
  const vol = await seedUser(page.request, { nombre: 'Rocío Fernández' });
  await signInAs(page, vol.username, vol.password, '/inscriptos/nuevo');
  await expect(page.getByRole('heading', { name: 'Nueva Inscripción', level: 1 })).toBeVisible();
  await expect(page.getByText(INSCRIPTO_MSG.badgePending, { exact: true })).toBeVisible();
  // Only the official (the volunteer) is there yet.
  await expect(page.getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String(completionPercent({ funcionario: vol.username })),
  );
  await expect(
    page.getByText(/^Faltan: Primer Nombre, Primer Apellido, Fecha de nacimiento y \d+ más\.\.\.$/),
  ).toBeVisible();

  // Administrator-only controls are absent; the official is the volunteer, fixed.
  await expect(page.getByLabel(INSCRIPTO_MSG.enrolledBy)).toHaveCount(0);
  await expect(page.locator('p', { hasText: INSCRIPTO_MSG.enrolledBy })).toContainText(vol.username);

  // 1. "Siguiente" with nothing filled: the message lists the fields, focus goes to the first, nothing is saved.
  const s1 = region(page, 1);
  await s1.getByRole('button', { name: 'Siguiente' }).click();
  await expect(s1.getByRole('alert')).toHaveText(
    INSCRIPTO_MSG.cannotAdvance('Primer Nombre, Primer Apellido, Fecha de nacimiento, Sexo, Cédula de Identidad'),
  );
  await expect(s1.getByLabel('Primer Nombre')).toBeFocused();
  await expect(s1.getByLabel('Primer Nombre')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/inscriptos\/nuevo$/);

  const ci = freshCi();
  await s1.getByLabel('Primer Nombre').fill('Valentina');
  await s1.getByLabel('Segundo Nombre').fill('Sofía');
  await s1.getByLabel('Primer Apellido').fill('Núñez');
  await s1.getByLabel('Segundo Apellido').fill('Piñeyro');
  // The message follows what is still missing.
  await expect(s1.getByRole('alert')).toHaveText(
    INSCRIPTO_MSG.cannotAdvance('Fecha de nacimiento, Sexo, Cédula de Identidad'),
  );
  await s1.getByLabel('Fecha de nacimiento').fill(`14/05/${YEAR - 2}`);
  await s1.getByLabel('Fecha de nacimiento').blur();
  await expect(
    s1.getByText(/^La fecha de nacimiento debe estar entre el 01\/01\/\d{4} y el 31\/12\/\d{4}$/),
  ).toHaveAttribute('role', 'alert');
  await s1.getByLabel('Fecha de nacimiento').fill(`14/05/${YEAR - 6}`);
  await radio(s1, 'Sexo', 'Femenino').check();
  await s1.getByLabel('Cédula de Identidad').fill(ci);
  await expect(s1.getByLabel('Cédula de Identidad')).toHaveValue(
    `${ci[0]}.${ci.slice(1, 4)}.${ci.slice(4, 7)}-${ci[7]}`,
  );
  await expect(s1.getByText(INSCRIPTO_MSG.ciValid)).toBeVisible();

  // First save: POST with a client id, then /inscriptos/{id} replaces /inscriptos/nuevo.
  await next(page, 1);
  await expect(page).toHaveURL(/\/inscriptos\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Editar Inscripto', level: 1 })).toBeVisible();
  const token = await apiToken(page.request, vol.username, vol.password);
  expect(await getInscripto(page.request, token, id)).toMatchObject({ nombre1: 'Valentina', ci, estado: 'pendiente' });

  // Finalising now is refused with the list of what is missing.
  await page.getByRole('button', { name: INSCRIPTO_MSG.cannotFinalizeButton }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se puede finalizar' })).toContainText(
    INSCRIPTO_MSG.cannotFinalize('Domicilio, Barrio, ¿Está en zona de tolerancia?, Celular 1 (del adulto referente)'),
  );
  expect((await getInscripto(page.request, token, id)).estado).toBe('pendiente');

  // 2. Domicilio y contacto.
  const s2 = region(page, 2);
  await expect(s2.getByText(INSCRIPTO_MSG.adminOutOfZone)).toHaveCount(0);
  await s2.getByLabel('Domicilio').fill('Av. José Belloni 4567, apto. 3');
  await s2.getByRole('combobox', { name: 'Barrio', exact: true }).selectOption({ label: 'Buceo' });
  await radio(s2, '¿Está en zona de tolerancia?', 'No').check();
  await s2.getByLabel('Teléfono fijo').fill('2222-33 33');
  await expect(s2.getByLabel('Teléfono fijo')).toHaveValue('22223333');
  await s2.getByLabel('Celular 1 (del adulto referente)').fill('099 123 456');
  await s2.getByLabel('Persona que inscribe').fill('María Piñeyro');
  await s2.getByLabel('Parentesco del inscriptor').selectOption('madre');
  // Consent to messages: with a mobile (or an e-mail) to send them to, "Siguiente" asks for the answer.
  const consentimiento = '¿Acepta recibir avisos sobre la inscripción por correo y celular?';
  await s2.getByLabel('Correo electrónico (del adulto referente)').fill('Maria.Pineyro@correo.com.uy');
  await s2.getByRole('button', { name: 'Siguiente' }).click();
  await expect(s2.getByRole('alert').filter({ hasText: consentimiento })).toBeVisible();
  await radio(s2, consentimiento, 'Sí').check();
  await next(page, 2);

  // 3. Trayectoria educativa, with a centre whose years are checked.
  const s3 = region(page, 3);
  // The label names the year before the current cycle's intake year ("Educación Inicial 2026" in Ingresos 2027).
  await radio(s3, educacionInicialLabel((await cicloActual(page.request)).anioIngreso), 'Sí').check();
  await radio(s3, 'Centro de tiempo completo/extendido', 'No').check();
  await radio(s3, 'Último año cursado', 'Educación Inicial').check();
  await radio(s3, 'Tipo de centro (público/privado)', 'Pública').check();
  await s3.getByLabel('Último centro de estudios').selectOption('Jardín público');
  await radio(s3, '¿Repitió algún año?', 'No').check();
  await radio(s3, '¿El estudiante tiene necesidades educativas especiales?', 'No').check();
  await s3.getByLabel('CAIF', { exact: true }).check();
  await s3.getByRole('button', { name: 'Siguiente' }).click();
  await expect(s3.getByRole('alert')).toHaveText(INSCRIPTO_MSG.cannotAdvance('CAIF: año de inicio, CAIF: año de fin'));
  await s3.getByLabel('CAIF: año de inicio').selectOption(String(YEAR - 1));
  await s3.getByLabel('CAIF: año de fin').selectOption(String(YEAR - 3));
  await expect(s3.getByText(INSCRIPTO_MSG.yearRange('CAIF', YEAR - 1, YEAR - 3))).toBeVisible();
  await expect(s3.getByText('❌')).toBeVisible();
  await s3.getByLabel('CAIF: año de inicio').selectOption(String(YEAR - 4));
  await expect(s3.getByText(INSCRIPTO_MSG.yearRange('CAIF', YEAR - 1, YEAR - 3))).toHaveCount(0);
  await next(page, 3);

  // 4. Composición del hogar: "madre" was ticked from parentesco when the section opened.
  const s4 = region(page, 4);
  await expect(s4.getByLabel('Madre', { exact: true })).toBeChecked();
  await s4.getByLabel('Padre', { exact: true }).check();
  await radio(s4, '¿Monoparental?', 'No').check();
  await radio(s4, '¿Algún integrante del hogar tiene discapacidad?', 'No').check();
  await s4.getByLabel('Cantidad de hermanos', { exact: true }).selectOption('1');
  await s4.getByLabel('Cantidad total de menores de edad').selectOption('2');
  await s4.getByLabel('Total de integrantes del hogar').selectOption('4');
  await next(page, 4);

  // 5. Ingresos: below the threshold for 4 people → BAJO and conditional.
  const s5 = region(page, 5);
  await s5.getByLabel('Ingresos mensuales del hogar').fill('$ 40.000');
  await expect(s5.getByLabel('Ingresos mensuales del hogar')).toHaveValue('40.000');
  await s5.getByLabel('Fuentes de ingreso del hogar').fill('Sueldo de la madre y changas del padre');
  await s5.getByLabel('Asignación Familiar').check();
  await expect(s5.getByText('BAJO', { exact: true })).toBeVisible();
  await expect(s5.getByText(INSCRIPTO_MSG.conditional)).toBeVisible();
  await next(page, 5);

  // 6. Vivienda, trabajo y bienes: a car asks for make, model and year.
  const s6 = region(page, 6);
  await s6.getByLabel('Tipo de trabajo de la persona a cargo').selectOption('fijoMayor8');
  await s6.getByLabel('Tipo de vivienda').selectOption('alquila');
  await s6.getByLabel('Tipo de vehículo').selectOption('auto');
  await s6.getByLabel('Marca del auto').selectOption('Chevrolet');
  await s6.getByLabel('Modelo del auto').fill('Onix');
  await s6.getByLabel('Año del auto').fill('2015');
  await next(page, 6);

  // 7. Nivel educativo.
  const s7 = region(page, 7);
  await s7.getByLabel('Nivel educativo de la madre').selectOption('secundariaCompleta');
  await s7.getByLabel('Nivel educativo del padre').selectOption('utecIncompleta');
  await next(page, 7);

  // 8. Motivaciones.
  const s8 = region(page, 8);
  await s8.getByLabel('Propuesta educativa').check();
  await s8.getByLabel('Cercanía').check();
  await s8.getByLabel('¿Cómo le fue en el último año en el centro de estudios?').selectOption('muyBien');
  await s8.getByLabel('¿Qué futuro imagina para el estudiante?').selectOption('estudiar');
  await s8.getByLabel('Tipo de trabajo o estudio que imagina').selectOption('universitario');
  await next(page, 8);

  // 9. A twin enrolling this year.
  const s9 = region(page, 9);
  await s9.getByLabel('Cantidad de hermanos que se inscriben').selectOption('1');
  await s9.getByLabel('Nombre completo del hermano 1').fill('Mateo Núñez Piñeyro');
  await s9.getByLabel('Cédula del hermano 1').fill(freshCi());
  await s9.getByLabel('Nivel del hermano 1').selectOption('Inicial');
  await radio(s9, 'Sexo del hermano 1', 'Masculino').check();
  await next(page, 9);

  // 10. A sister already in primary.
  const s10 = region(page, 10);
  await radio(s10, '¿Tiene hermanos en primaria del centro?', 'Sí').check();
  await s10.getByLabel('Nombre completo del hermano 1').fill('Lucía Núñez Piñeyro');
  await s10.getByLabel('Nivel del hermano 1').selectOption('3');
  await s10.getByLabel('Grupo del hermano 1').fill('3°A');
  await next(page, 10);

  // 11. Observaciones, "Guardar Sección".
  await region(page, 11)
    .getByLabel('Observaciones')
    .fill('Familia derivada por la policlínica del barrio. Llegan en ómnibus.');
  await next(page, 11);

  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: INSCRIPTO_MSG.finalize }).click();
  const modal = page.getByRole('dialog', { name: INSCRIPTO_MSG.finalizedTitle });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(INSCRIPTO_MSG.lotteryInfo);
  await expect(modal).toContainText(INSCRIPTO_MSG.lotteryKeepNumber);
  const numero = Number((await modal.getByText(/^Número de inscripción: \d+$/).textContent())!.replace(/\D/g, ''));
  expect(numero).toBeGreaterThan(0);

  const stored = await getInscripto(page.request, token, id);
  expect(stored).toMatchObject({
    estado: 'finalizado',
    numeroInscripcion: numero,
    funcionario: vol.username,
    nombre2: 'Sofía',
    apellido2: 'Piñeyro',
    tel: '22223333',
    cel1: '099123456',
    email: 'Maria.Pineyro@correo.com.uy',
    avisosConsentimiento: 'SI',
    consentimientoAvisos: { por: vol.username },
    ingresosAclarar: '40.000',
    madre: true,
    padre: true,
    caifInicio: YEAR - 4,
    caifFin: YEAR - 3,
    condicional: true,
    estrato: 'BAJO',
    razonElegirInstitucion: ['propuestaEducativa', 'cercania'],
    hermanosInscriben: [{ nombre: 'Mateo Núñez Piñeyro', nivel: 'Inicial', sexo: 'M' }],
    hermanosPrimaria: [{ nombre: 'Lucía Núñez Piñeyro', nivel: 3, grupo: '3°A' }],
  });

  await modal.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(page).toHaveURL(/\/inscriptos$/);
  expect(errors).toEqual([]);
});

test('a CI another enrolment has is reported with that child’s name and blocks "Siguiente"', async ({ page }) => {
  const adminToken = await apiToken(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const ci = freshCi();
  await seedInscripto(page.request, adminToken, { nombre1: 'Joaquín', apellido1: 'Núñez', ci });

  const vol = await seedUser(page.request);
  await signInAs(page, vol.username, vol.password, '/inscriptos/nuevo');
  const s1 = region(page, 1);
  await s1.getByLabel('Cédula de Identidad').fill(ci);
  const duplicate = INSCRIPTO_MSG.ciDuplicate('Joaquín', 'Núñez');
  await expect(s1.getByText(duplicate)).toBeVisible();
  await expect(s1.getByLabel('Cédula de Identidad')).toHaveAttribute('aria-invalid', 'true');
  await expect(s1.getByText(INSCRIPTO_MSG.ciValid)).toHaveCount(0);

  await s1.getByLabel('Primer Nombre').fill('Joaquín');
  await s1.getByLabel('Primer Apellido').fill('Núñez');
  await s1.getByLabel('Fecha de nacimiento').fill(`02/03/${YEAR - 6}`);
  await radio(s1, 'Sexo', 'Masculino').check();
  await s1.getByRole('button', { name: 'Siguiente' }).click();
  await expect(s1.getByRole('alert').filter({ hasText: '❌' })).toContainText(duplicate);
  await expect(page).toHaveURL(/\/inscriptos\/nuevo$/);
});

test('administrator-only controls: the official selector and "ADMIN: Fuera de zona autorizado"', async ({ page }) => {
  const vol = await seedUser(page.request, { nombre: 'Agustín Olivera' });

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos/nuevo');
  const funcionario = page.getByLabel(INSCRIPTO_MSG.enrolledBy);
  await expect(funcionario).toHaveValue(E2E_ADMIN.username);
  await expect(funcionario.locator('option', { hasText: `Agustín Olivera (${vol.username})` })).toHaveCount(1);
  await funcionario.selectOption(vol.username);

  await header(page, 2).click();
  const s2 = region(page, 2);
  const outOfZone = s2.getByRole('radiogroup', { name: INSCRIPTO_MSG.adminOutOfZone });
  await expect(outOfZone).toBeVisible();
  // Authorised out of zone: the tolerance-zone question is no longer required.
  await expect(s2.getByRole('radiogroup', { name: '¿Está en zona de tolerancia?' })).toHaveAttribute(
    'aria-required',
    'true',
  );
  await outOfZone.getByLabel('Sí', { exact: true }).check();
  await expect(s2.getByRole('radiogroup', { name: '¿Está en zona de tolerancia?' })).not.toHaveAttribute(
    'aria-required',
    'true',
  );

  // The voluntario sees neither (the first test checks the form of a new enrolment; here, an existing one).
  const volToken = await apiToken(page.request, vol.username, vol.password);
  const own = await seedInscripto(page.request, volToken, { nombre1: 'Abril', apellido1: 'Suárez', ci: freshCi() });
  const other = await page.context().browser()!.newContext();
  const volPage = await other.newPage();
  await signInAs(volPage, vol.username, vol.password, `/inscriptos/${own.id}`);
  await expect(volPage.getByRole('heading', { name: 'Editar Inscripto', level: 1 })).toBeVisible();
  await expect(volPage.getByLabel(INSCRIPTO_MSG.enrolledBy)).toHaveCount(0);
  await header(volPage, 2).click();
  await expect(region(volPage, 2).getByLabel('Domicilio')).toBeVisible();
  await expect(volPage.getByText(INSCRIPTO_MSG.adminOutOfZone)).toHaveCount(0);
  await other.close();
});

test('two people edit the same enrolment: the second save gets the 409 message and overwrites nothing', async ({
  page,
  browser,
}) => {
  const vol = await seedUser(page.request);
  const token = await apiToken(page.request, vol.username, vol.password);
  const { id } = await seedInscripto(page.request, token, {
    nombre1: 'Bautista',
    apellido1: 'Rodríguez',
    ci: freshCi(),
    observaciones: 'Primera versión',
  });

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAs(page, vol.username, vol.password, `/inscriptos/${id}`);
  await signInAs(other, vol.username, vol.password, `/inscriptos/${id}`);

  for (const p of [page, other]) {
    await header(p, 11).click();
    await expect(region(p, 11).getByLabel('Observaciones')).toHaveValue('Primera versión');
  }

  await region(page, 11).getByLabel('Observaciones').fill('Cambio de la primera pestaña');
  await region(page, 11).getByRole('button', { name: 'Guardar Sección' }).click();
  await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toBeVisible();

  await region(other, 11).getByLabel('Observaciones').fill('Cambio de la segunda pestaña');
  await region(other, 11).getByRole('button', { name: 'Guardar Sección' }).click();
  const conflict = other.getByRole('alert').filter({ hasText: 'La inscripción fue modificada por' });
  await expect(conflict).toContainText(`modificada por ${vol.username}`);
  await expect(conflict).toContainText('Tus cambios no se guardaron');

  const stored = await getInscripto(page.request, token, id);
  expect(stored).toMatchObject({ observaciones: 'Cambio de la primera pestaña', version: 2 });
  // The edit screen (with "Exportar PDF" and the conflict alert) passes axe too.
  await expect(other.getByRole('button', { name: INSCRIPTO_MSG.exportPdf })).toBeEnabled();
  expect(await seriousA11yViolations(other)).toEqual([]);

  // "Recargar" shows the current version; it never saves over it.
  await conflict.getByRole('button', { name: 'Recargar' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(region(other, 11).getByLabel('Observaciones')).toHaveValue('Cambio de la primera pestaña');
  expect((await getInscripto(page.request, token, id)).version).toBe(2);
  await otherContext.close();
});

test('read-only: a visitor and a voluntario who did not create the enrolment see it without save buttons', async ({
  page,
}) => {
  const owner = await seedUser(page.request);
  const ownerToken = await apiToken(page.request, owner.username, owner.password);
  const { id } = await seedInscripto(page.request, ownerToken, { nombre1: 'Emilia', apellido1: 'Sosa', ci: freshCi() });
  const stranger = await seedUser(page.request);

  await signInAs(page, stranger.username, stranger.password, `/inscriptos/${id}`);
  await expect(page.getByText(INSCRIPTO_MSG.notYoursNotice)).toBeVisible();
  await header(page, 1).click();
  await expect(region(page, 1).getByLabel('Primer Nombre')).toHaveValue('Emilia');
  await expect(region(page, 1).getByLabel('Primer Nombre')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Finalizar|No se puede finalizar/ })).toHaveCount(0);

  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${id}`);
  await expect(page.getByText(INSCRIPTO_MSG.readOnlyNotice)).toBeVisible();
  await header(page, 2).click();
  // The guest is the public: the address is withheld, shown as such rather than empty.
  await expect(region(page, 2).getByRole('group', { name: 'Domicilio' })).toContainText(DATO_RESERVADO);
  await expect(region(page, 2).getByRole('textbox', { name: 'Domicilio' })).toHaveCount(0);
  // Its CI comes masked to the last 3 digits, in a field that cannot be edited.
  await header(page, 1).click();
  const ci = region(page, 1).getByRole('textbox', { name: 'Cédula de Identidad' });
  await expect(ci).toHaveValue(/^•\.•••\.•\d\d-\d$/);
  await expect(ci).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toHaveCount(0);
});

test('accessibility: the form with a section open and its errors shown has no serious violation', async ({ page }) => {
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos/nuevo');
  await expect(region(page, 1).getByLabel('Primer Nombre')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await region(page, 1).getByRole('button', { name: 'Siguiente' }).click();
  await expect(region(page, 1).getByRole('alert').filter({ hasText: '❌' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Keyboard: the section headers are buttons that open with Enter.
  await header(page, 3).focus();
  await page.keyboard.press('Enter');
  await expect(header(page, 3)).toHaveAttribute('aria-expanded', 'true');
  await expect(header(page, 1)).toHaveAttribute('aria-expanded', 'false');
  await region(page, 3).getByLabel('CAIF', { exact: true }).check();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

// ------------------------------------------------------------------ offline outbox and PDFs (decision 0010)

/** Every call of the page to the enrolment API fails as if the network were down (not page.request's). */
const INSCRIPTOS_API = '**/api/inscriptos**';
const cutNetwork = (route: Route) => route.abort('internetdisconnected');

/** The banner's live count ("Hay N cambios ... esperan ser enviados"), whatever N is. */
const pendingBanner = (page: Page) => page.getByText(/que esperan? ser enviados? al servidor\.$/);

async function historial(request: APIRequestContext, id: string): Promise<TAuditEntry[]> {
  const token = await apiToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await request.get(`/api/inscriptos/${id}/historial`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TAuditEntry[];
}

test('network cut during two section saves, page reloaded, network back: both sections reach the server once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const vol = await seedUser(page.request, { nombre: 'Martina Suárez' });
  await signInAs(page, vol.username, vol.password, '/inscriptos/nuevo');

  const ci = freshCi();
  const s1 = region(page, 1);
  await s1.getByLabel('Primer Nombre').fill('Ángela');
  await s1.getByLabel('Primer Apellido').fill('Ibáñez');
  await s1.getByLabel('Fecha de nacimiento').fill(`21/09/${YEAR - 6}`);
  await radio(s1, 'Sexo', 'Femenino').check();
  await s1.getByLabel('Cédula de Identidad').fill(ci);
  await expect(s1.getByText(INSCRIPTO_MSG.ciValid)).toBeVisible();

  // 1. The network goes: section 1 is kept in the browser (a create with the browser's id) and the form goes on.
  await page.route(INSCRIPTOS_API, cutNetwork);
  await s1.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('alert').filter({ hasText: OUTBOX_MSG.queued })).toBeVisible();
  await expect(page).toHaveURL(/\/inscriptos\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByText(OUTBOX_MSG.pending(1))).toBeVisible();
  await expect(header(page, 2)).toHaveAttribute('aria-expanded', 'true');

  // 2. Section 2, still without network: queued behind the first.
  const s2 = region(page, 2);
  await s2.getByLabel('Domicilio').fill('Camino Carrasco 5120');
  await s2.getByRole('combobox', { name: 'Barrio', exact: true }).selectOption({ label: 'Buceo' });
  await radio(s2, '¿Está en zona de tolerancia?', 'Sí').check();
  await s2.getByLabel('Celular 1 (del adulto referente)').fill('099 555 111');
  await radio(s2, '¿Acepta recibir avisos sobre la inscripción por correo y celular?', 'No').check();
  await s2.getByLabel('Persona que inscribe').fill('Jimena Ibáñez');
  await s2.getByLabel('Parentesco del inscriptor').selectOption('madre');
  await s2.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(OUTBOX_MSG.pending(2))).toBeVisible();
  await expect(header(page, 3)).toHaveAttribute('aria-expanded', 'true');
  const adminToken = await apiToken(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const before = await page.request.get(`/api/inscriptos/${id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(before.status()).toBe(404);

  // 3. Reload, still offline: the outbox is still there and the form shows the data saved in the browser.
  await page.reload();
  await expect(page.getByText(OUTBOX_MSG.pending(2))).toBeVisible();
  await header(page, 2).click();
  await expect(region(page, 2).getByLabel('Domicilio')).toHaveValue('Camino Carrasco 5120');
  await header(page, 1).click();
  await expect(region(page, 1).getByLabel('Primer Nombre')).toHaveValue('Ángela');
  await expect(page.getByRole('button', { name: INSCRIPTO_MSG.exportPdf })).toBeDisabled();

  // 4. The network returns: the retry (backoff, no user action) sends both, in order, and the count goes.
  await page.unroute(INSCRIPTOS_API, cutNetwork);
  await expect(pendingBanner(page)).toHaveCount(0, { timeout: 40_000 });

  const stored = await getInscripto(page.request, adminToken, id);
  expect(stored).toMatchObject({
    id,
    nombre1: 'Ángela',
    apellido1: 'Ibáñez',
    ci,
    domicilio: 'Camino Carrasco 5120',
    barrio: 'Buceo',
    zonaTolerancia: 'Sí',
    cel1: '099555111',
    inscriptor: 'Jimena Ibáñez',
    parentesco: 'madre',
    estado: 'pendiente',
    createdBy: { username: vol.username },
    version: 2,
  });
  // Exactly once each: one create (section 1) and one edit (section 2) in the audit trail.
  const history = await historial(page.request, id);
  expect(history.map((e) => [e.accion, e.usuario])).toEqual([
    ['crear', vol.username],
    ['editar', vol.username],
  ]);
  expect(history[0]!.cambios).not.toHaveProperty('domicilio');
  expect(history[1]!.cambios).toHaveProperty('domicilio');

  // 5. The form is at the version the queue produced: the next save is an ordinary one, no conflict.
  await expect(page.getByRole('button', { name: INSCRIPTO_MSG.exportPdf })).toBeEnabled();
  await header(page, 11).click();
  await region(page, 11).getByLabel('Observaciones').fill('Cargada en parte sin conexión.');
  await next(page, 11);
  expect(await getInscripto(page.request, adminToken, id)).toMatchObject({
    observaciones: 'Cargada en parte sin conexión.',
    version: 3,
  });
  expect((await historial(page.request, id)).map((e) => e.accion)).toEqual(['crear', 'editar', 'editar']);
  expect(errors).toEqual([]);
});

test('"Exportar PDF" downloads inscripcion_{número}.pdf with the child’s accented name and every section title', async ({
  page,
}) => {
  const token = await apiToken(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = completeInscripto(new Date());
  const body = {
    ...template,
    nombre1: 'María',
    nombre2: 'Inés',
    apellido1: 'Muñoz',
    apellido2: 'Gutiérrez',
    ci: freshCi(),
  };
  const created = await page.request.post('/api/inscriptos', { data: body, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const fin = await page.request.post(`/api/inscriptos/${id}/finalizar`, { data: { ...body, version }, headers });
  expect(fin.status(), await fin.text()).toBe(200);
  const { numeroInscripcion } = (await fin.json()) as { numeroInscripcion: number };
  expect(numeroInscripcion).toBeGreaterThan(0);

  // A visitor can read, so it can print.
  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: INSCRIPTO_MSG.exportPdf }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`inscripcion_${numeroInscripcion}.pdf`);
  await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.pdfDownloaded })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.pdfDownloaded })).toHaveCount(0, {
    timeout: 4000,
  });

  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  for (const name of ['María', 'Inés', 'Muñoz', 'Gutiérrez']) expect(flat).toContain(name);
  for (const n of SECTION_NUMBERS) expect(flat).toContain(SECTION_TITLES[n]);
});

test('the server answers but does not save: a backup PDF of the typed data and the SPEC 4 warning', async ({
  page,
}) => {
  const vol = await seedUser(page.request);
  const token = await apiToken(page.request, vol.username, vol.password);
  const { id } = await seedInscripto(page.request, token, { nombre1: 'Tomás', apellido1: 'Acosta', ci: freshCi() });

  await signInAs(page, vol.username, vol.password, `/inscriptos/${id}`);
  await page.route(
    (url) => url.pathname === `/api/inscriptos/${id}`,
    (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Falla simulada del servidor', code: 'INTERNAL' } })
        : route.continue(),
  );
  await header(page, 11).click();
  await region(page, 11).getByLabel('Observaciones').fill('Texto que no debe perderse');
  const downloading = page.waitForEvent('download');
  await region(page, 11).getByRole('button', { name: 'Guardar Sección' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^respaldo_inscripcion_\d{14}\.pdf$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Se ha generado un PDF de respaldo' })).toHaveText(
    INSCRIPTO_MSG.saveFailedBackupPdf('Falla simulada del servidor'),
  );
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
  const flat = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(flat).toContain('COPIA DE RESPALDO');
  expect(flat).toContain('Texto que no debe perderse');
  // Nothing was queued: the server was reached.
  await expect(pendingBanner(page)).toHaveCount(0);
});

test('an offline change to a record someone else changed meanwhile is not sent over it; its data stays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const vol = await seedUser(page.request);
  const token = await apiToken(page.request, vol.username, vol.password);
  const seed = { nombre1: 'Renata', apellido1: 'Olivera', ci: freshCi(), observaciones: 'Primera versión' };
  const { id, version } = await seedInscripto(page.request, token, seed);

  await signInAs(page, vol.username, vol.password, `/inscriptos/${id}`);
  await header(page, 11).click();
  await page.route(INSCRIPTOS_API, cutNetwork);
  await region(page, 11).getByLabel('Observaciones').fill('Cambio hecho sin conexión');
  await region(page, 11).getByRole('button', { name: 'Guardar Sección' }).click();
  await expect(page.getByText(OUTBOX_MSG.pending(1))).toBeVisible();

  // Meanwhile the record is saved from another computer.
  const other = await page.request.put(`/api/inscriptos/${id}`, {
    data: { ...seed, observaciones: 'Cambio desde otra computadora', version },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(other.status(), await other.text()).toBe(200);

  // The network returns; the automatic retry (within the backoff) meets the other version.
  await page.unroute(INSCRIPTOS_API, cutNetwork);
  const blocked = page.getByRole('region', { name: OUTBOX_MSG.blockedTitle('Renata Olivera') });
  await expect(blocked).toBeVisible({ timeout: 40_000 });
  await expect(blocked).toContainText(OUTBOX_MSG.conflictExplain);
  await expect(blocked).toContainText(`La inscripción fue modificada por ${vol.username}`);
  await expect(pendingBanner(page)).toHaveCount(0);

  // What was typed offline is still there to re-enter: on screen and as a backup PDF.
  await blocked.getByRole('button', { name: OUTBOX_MSG.showData }).click();
  await expect(blocked.getByText('Cambio hecho sin conexión')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await blocked.getByRole('button', { name: OUTBOX_MSG.backupPdf }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^respaldo_inscripcion_\d{14}\.pdf$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The other computer's version was not overwritten, and the queued change is never retried.
  expect(await getInscripto(page.request, token, id)).toMatchObject({
    observaciones: 'Cambio desde otra computadora',
    version: version + 1,
  });
  expect((await historial(page.request, id)).map((e) => e.accion)).toEqual(['crear', 'editar']);

  await blocked.getByRole('button', { name: OUTBOX_MSG.discard }).click();
  await blocked.getByRole('button', { name: OUTBOX_MSG.discardConfirm }).click();
  await expect(blocked).toHaveCount(0);
});
