import { expect, test, type Page } from '@playwright/test';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { DATO_RESERVADO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { E2E_ADMIN, GUEST_CREDENTIALS, seedInscriptos, seedUser, signInAs } from './support.ts';

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
