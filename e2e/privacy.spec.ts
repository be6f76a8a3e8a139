import { expect, test, type Page } from '@playwright/test';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { DATO_RESERVADO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { GUEST_CREDENTIALS, seedInscriptos, seedUser, signInAs } from './support.ts';

/** Personal data of minors (Ley 18.331): what the guest does not see, and the access log. */

const header = (page: Page, n: SectionNumber) =>
  page.getByRole('button', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const region = (page: Page, n: SectionNumber) =>
  page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });

test('the guest opens a record and sees "Dato reservado" where the income is', async ({ page }) => {
  const owner = await seedUser(page.request);
  const [record] = await seedInscriptos(page.request, 1, { as: owner });

  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${record!.id}`);
  await header(page, 5).click();
  const income = region(page, 5).getByRole('group', { name: 'Ingresos mensuales del hogar' });
  await expect(income).toContainText(DATO_RESERVADO);
  await expect(region(page, 5).getByRole('textbox', { name: 'Ingresos mensuales del hogar' })).toHaveCount(0);
  await expect(region(page, 5).getByText('Estrato socioeconómico')).toHaveCount(0);
  // The child's name is not reserved.
  await header(page, 1).click();
  await expect(region(page, 1).getByLabel('Primer Nombre')).toHaveValue(record!.nombre1);

  // Its creator sees the value.
  await signInAs(page, owner.username, owner.password, `/inscriptos/${record!.id}`);
  await header(page, 5).click();
  await expect(region(page, 5).getByRole('textbox', { name: 'Ingresos mensuales del hogar' })).not.toHaveValue('');
  await expect(page.getByText(DATO_RESERVADO)).toHaveCount(0);
});
