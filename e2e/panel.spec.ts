import { expect, test, type Page } from '@playwright/test';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import { E2E_ADMIN, GUEST_CREDENTIALS, apiLogin, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/** The director's panel: cards, charts with their tables, links into the list, every role. */

async function panelFromApi(page: Page, username: string, password: string): Promise<TPanel> {
  const { token } = await apiLogin(page.request, username, password);
  const res = await page.request.get('/api/panel', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as TPanel;
}

const card = (page: Page, label: string) =>
  page
    .getByRole('list')
    .locator('.panel-card')
    .filter({ hasText: new RegExp(`^[\\d.]+${label}`) });

test('the panel renders its cards and charts, and a card opens the matching filtered list', async ({ page }) => {
  test.slow(); // seeds records, downloads a file and takes two full-page screenshots
  const errors = watchForPageErrors(page);
  await seedInscriptos(page.request, 6, { finalizeEvery: 2 });
  const expected = await panelFromApi(page, E2E_ADMIN.username, E2E_ADMIN.password);

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/');
  await page.getByRole('link', { name: 'Panel', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Panel/ })).toBeVisible();
  await expect(card(page, 'Inscripciones')).toContainText(String(expected.tarjetas.total));
  await expect(card(page, 'Pendientes')).toContainText(String(expected.tarjetas.pendientes));

  // Every chart is drawn (SVG) and has its table alternative and CSV download.
  const figures = page.locator('figure.panel-chart');
  // Eight charts, and the places once the cycle's raffle is finished (e2e/plazas.spec.ts looks at those).
  const charts = expected.plazasSorteo ? 9 : 8;
  await expect(figures).toHaveCount(charts);
  await expect(figures.locator('svg')).toHaveCount(charts);
  await expect(page.getByRole('button', { name: /^Descargar CSV/ })).toHaveCount(charts);
  const estado = page.getByRole('figure', { name: 'Por estado' });
  await estado.getByText('Ver los datos en una tabla').click();
  await expect(
    estado.getByRole('row', { name: new RegExp(`Pendientes ${expected.tarjetas.pendientes}`) }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await estado.getByRole('button', { name: /^Descargar CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^panel_estado_\d{14}\.csv$/);

  expect(await seriousA11yViolations(page)).toEqual([]);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`panel-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // A card opens the list with the same filter and the same count.
  await card(page, 'Pendientes').click();
  await expect(page).toHaveURL(/\/inscriptos\?estado=pendiente$/);
  await expect(page.getByText(new RegExp(`de ${expected.tarjetas.pendientes}\\b`)).first()).toBeVisible();

  // A bar opens the list filtered by its segment, shown as a removable chip.
  await page.goBack();
  const barrio = expected.porBarrio[0]!;
  await page.getByRole('link', { name: `${barrio.etiqueta}: ${barrio.cantidad}. Ver en la lista` }).click();
  await expect(page).toHaveURL(/\/inscriptos\?barrio=/);
  const chip = page.getByRole('list', { name: 'Filtros del panel' });
  await expect(chip).toContainText(`Barrio: ${barrio.etiqueta}`);
  await expect(page.getByText(new RegExp(`de ${barrio.cantidad}\\b`)).first()).toBeVisible();
  await chip.getByRole('button', { name: `Quitar el filtro Barrio: ${barrio.etiqueta}` }).click();
  await expect(page).toHaveURL(/\/inscriptos$/);
  expect(errors).toEqual([]);
});

test('the guest reads the panel, without links into reserved segments', async ({ page }) => {
  await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, '/panel');
  await expect(page.getByRole('heading', { level: 1, name: /^Panel/ })).toBeVisible();
  // Income and benefits are reserved (docs/privacy.md): their card and bars count but do not link.
  await expect(card(page, 'Estrato BAJO')).toBeVisible();
  await expect(page.getByRole('link', { name: /Estrato BAJO/ })).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Por estrato' }).getByRole('link')).toHaveCount(0);
  // Nor by barrio: the guest is the public, and the list would tell where each child lives.
  await expect(page.getByRole('figure', { name: 'Por barrio' }).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Por sexo' }).getByRole('link').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
