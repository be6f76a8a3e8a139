import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { INFORME_MSG } from '@inscripciones/shared/informe-datos/messages.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { DATO_RESERVADO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { apiLogin, E2E_ADMIN, GUEST_CREDENTIALS, seedInscriptos, seedUser, signInAs } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/** Personal data of minors (Ley 18.331): what the guest does not see, and the access log. */

const header = (page: Page, n: SectionNumber) =>
  page.getByRole('button', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const region = (page: Page, n: SectionNumber) =>
  page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });

test('the guest opens a record and sees "Dato reservado" where the income is', async ({ page, browser }) => {
  const owner = await seedUser(page.request);
  const [record] = await seedInscriptos(page.request, 1, { as: owner });

  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${record!.id}`);
  await header(page, 5).click();
  const income = region(page, 5).getByRole('group', { name: 'Ingresos mensuales del hogar' });
  await expect(income).toContainText(DATO_RESERVADO);
  await expect(region(page, 5).getByRole('textbox', { name: 'Ingresos mensuales del hogar' })).toHaveCount(0);
  await expect(region(page, 5).getByText('Estrato socioeconómico')).toHaveCount(0);
  // Completeness is not computed from what the guest cannot see.
  await expect(page.getByText('Completitud de la inscripción')).toHaveCount(0);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`dato-reservado-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  // The child's name is not reserved.
  await header(page, 1).click();
  await expect(region(page, 1).getByLabel('Primer Nombre')).toHaveValue(record!.nombre1);
  // The guest is the public: no birth date, shown as withheld rather than as an empty field.
  await expect(region(page, 1).getByRole('group', { name: 'Fecha de nacimiento' })).toContainText(DATO_RESERVADO);
  await expect(region(page, 1).getByRole('textbox', { name: 'Fecha de nacimiento' })).toHaveCount(0);

  // Its creator, on another browser, sees the value.
  const context = await browser.newContext();
  const ownerPage = await context.newPage();
  await signInAs(ownerPage, owner.username, owner.password, `/inscriptos/${record!.id}`);
  await header(ownerPage, 5).click();
  await expect(region(ownerPage, 5).getByRole('textbox', { name: 'Ingresos mensuales del hogar' })).not.toHaveValue('');
  await expect(ownerPage.getByText(DATO_RESERVADO)).toHaveCount(0);
  await context.close();
});

test('the administrator finds who read a record in "Accesos"', async ({ page }) => {
  const owner = await seedUser(page.request);
  const [record] = await seedInscriptos(page.request, 1, { as: owner });
  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${record!.id}`);
  await expect(header(page, 1)).toBeVisible();

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/');
  await page.getByRole('link', { name: 'Accesos' }).click();
  await expect(page.getByRole('heading', { name: 'Accesos' })).toBeVisible();
  await page.getByLabel('Id de la inscripción').fill(record!.id);
  await page.getByLabel('Acción').selectOption({ label: 'Ver inscripción' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('1 acceso', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: record!.id });
  await expect(row).toContainText(GUEST_CREDENTIALS.username);
  await expect(row).toContainText('Ver inscripción');
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`accesos-${width}.png`), fullPage: true });
  }
});

test('an administrator downloads the personal-data report of a record', async ({ page, browser }) => {
  const [record] = await seedInscriptos(page.request, 1);
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos/${record!.id}`);
  const button = page.getByRole('button', { name: INFORME_MSG.boton });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^informe_datos_.+\.pdf$/);
  const file = test.info().outputPath('informe.pdf');
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`informe-boton-${width}.png`) });
  }

  // The guest, on a browser of their own, has no such button.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await signInAs(guest, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${record!.id}`);
  await expect(header(guest, 1)).toBeVisible();
  await expect(guest.getByRole('button', { name: INFORME_MSG.boton })).toHaveCount(0);
  await context.close();
});

test('anonymising a closed cycle shows a preview and waits for its name typed', async ({ page }) => {
  // A past cycle of its own, closed: the cycles other specs use stay as they are.
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const auth = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/ciclos', { data: { anioIngreso: 2001 }, headers: auth });
  expect(created.status()).toBe(201);
  const ciclo = (await created.json()) as { id: string; nombre: string };
  expect((await page.request.put(`/api/ciclos/${ciclo.id}`, { data: { estado: 'cerrado' }, headers: auth })).ok()).toBe(
    true,
  );

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/ciclos');
  await expect(page.getByRole('heading', { name: 'Conservación de datos personales' })).toBeVisible();
  await expect(page.getByText(RETENCION_MSG.recordatorio(12))).toBeVisible();
  await page.getByRole('button', { name: `Anonimizar no admitidos de ${ciclo.nombre}` }).click();
  const dialog = page.getByRole('dialog', { name: `Anonimizar no admitidos: ${ciclo.nombre}` });
  await expect(dialog.getByTestId('a-anonimizar')).toHaveText('0');
  await expect(dialog.getByText('Barrio y sexo')).toBeVisible();
  const confirmar = dialog.getByRole('button', { name: 'Anonimizar', exact: true });
  await expect(confirmar).toBeDisabled();
  const input = dialog.getByLabel(`Para confirmar, escribí ${ciclo.nombre}`);
  await input.fill('Ingresos');
  await expect(confirmar).toBeDisabled();
  await input.fill(ciclo.nombre);
  await expect(confirmar).toBeEnabled();
  expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`anonimizar-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await confirmar.click();
  await expect(page.getByText('Se anonimizaron 0 inscripciones.')).toBeVisible();
  await expect(page.getByText(/^Anonimizado el /)).toBeVisible();
});
