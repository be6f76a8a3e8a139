import { expect, test, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import {
  apiListInscriptos,
  apiLogin,
  E2E_ADMIN,
  freshCi,
  GUEST_CREDENTIALS,
  seedInscriptos,
  signInAs,
  watchForPageErrors,
} from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The list's reading tools: "Ver" and a linked name for every
 * reader, the guest included; search by a sibling's name or CI and by enrolment number; sorting from the
 * headers (keyboard, aria-sort); a date range; selected rows exported; cards at 375 px. At 1366 and 375 px.
 */
const MARKER = 'Listaprueba';
const SIBLING_NAME = 'Lola Ferreira';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  // A worker restarted after a failure finds the marker and does not seed again.
  if ((await apiListInscriptos(request, E2E_ADMIN, { q: MARKER })).total > 0) return;
  await seedInscriptos(request, 12, { finalizeEvery: 3, marker: MARKER });
  // A child enrolling with a sibling who has no record of her own: found by her name or CI.
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const body = {
    ...completeInscripto(new Date()),
    ci: freshCi(),
    nombre1: 'Tobías',
    nombre2: MARKER,
    apellido1: 'Ferreira',
    apellido2: 'Olivera',
    cantidadHermanosInscriben: 1,
    hermanosInscriben: [{ nombre: SIBLING_NAME, nivel: 'Inicial', ci: freshCi(), sexo: 'F' }],
  };
  const created = await request.post('/api/inscriptos', { data: body, headers });
  expect(created.status(), await created.text()).toBe(201);
  const saved = (await created.json()) as { id: string; version: number };
  const fin = await request.post(`/api/inscriptos/${saved.id}/finalizar`, {
    data: { ...body, version: saved.version },
    headers,
  });
  expect(fin.status(), await fin.text()).toBe(200);
});

/** The child enrolling with Lola, as the API finds it through her. */
async function titular(page: Page) {
  const found = await apiListInscriptos(page.request, E2E_ADMIN, { q: 'lola ferreira' });
  expect(found.items).toHaveLength(1);
  const item = found.items[0]!;
  return { id: item.id, numero: item.numeroInscripcion!, siblingCi: item.coincidencia!.ci! };
}

const region = (page: Page) => page.locator('.inscriptos-table-region');
const rows = (page: Page) => page.locator('.inscriptos-table tbody tr');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar inscriptos' });

async function loaded(page: Page) {
  await expect(region(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(rows(page).first()).toBeVisible();
}

for (const width of [1366, 375]) {
  test.describe(`listado a ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the guest opens any record from its name or "Ver"; nothing scrolls sideways', async ({ page }) => {
      test.setTimeout(60_000);
      const errors = watchForPageErrors(page);
      await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos?q=${MARKER}`);
      await loaded(page);
      const count = await rows(page).count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const row = rows(page).nth(i);
        const ver = row.getByRole('link', { name: /^Ver la inscripción de / });
        const href = await ver.getAttribute('href');
        expect(href).toMatch(/^\/inscriptos\/[0-9a-f-]{36}$/);
        await expect(row.locator('td[data-label="Nombre"] a')).toHaveAttribute('href', href!);
        await expect(row.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
      }
      const card = rows(page).first();
      for (const part of ['N° Inscripción', 'Nombre', 'Estado']) {
        await expect(card.locator(`td[data-label="${part}"]`)).toBeVisible();
      }
      await expect(card.getByRole('link', { name: /^Ver/ })).toBeInViewport();
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/list-guest-${width}.png`, fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await rows(page).first().locator('td[data-label="Nombre"] a').click();
      await expect(page).toHaveURL(/\/inscriptos\/[0-9a-f-]{36}$/);
      expect(errors).toEqual([]);
    });

    test("a sibling's name or CI, or the enrolment number, finds the record; the row says whose sibling", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const child = await titular(page);
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
      await loaded(page);
      const note = `Coincide con su hermano/a ${SIBLING_NAME} (CI ${formatCi(child.siblingCi)})`;
      for (const term of ['lola', formatCi(child.siblingCi)]) {
        await searchBox(page).fill(term);
        await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
        await loaded(page);
        await expect(rows(page)).toHaveCount(1);
        await expect(rows(page).first()).toContainText('Tobías');
        await expect(rows(page).first()).toContainText(note);
      }
      await page.screenshot({ path: `test-results/list-sibling-${width}.png`, fullPage: true });
      // Enter searches at once.
      await searchBox(page).fill(String(child.numero));
      await searchBox(page).press('Enter');
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === String(child.numero));
      await loaded(page);
      await expect(rows(page).locator(`a[href="/inscriptos/${child.id}"]`).first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
}

test.describe('ordenar, filtrar por fecha y exportar la selección (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('headers sort by keyboard with aria-sort, the date range filters, selected rows export', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos?q=${MARKER}`);
    await loaded(page);
    const nombre = page.getByRole('columnheader', { name: 'Nombre' });
    await expect(nombre).not.toHaveAttribute('aria-sort');
    await nombre.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/orden=nombre/);
    await expect(nombre).toHaveAttribute('aria-sort', 'ascending');
    await loaded(page);
    const api = await apiListInscriptos(page.request, E2E_ADMIN, { q: MARKER, orden: 'nombre' });
    const link = (id: string) => `a[href="/inscriptos/${id}"]`;
    await expect(rows(page).first().locator(link(api.items[0]!.id)).first()).toBeVisible();
    await page.keyboard.press('Space');
    await expect(nombre).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/dir=desc/);
    await loaded(page);
    const desc = await apiListInscriptos(page.request, E2E_ADMIN, { q: MARKER, orden: 'nombre', dir: 'desc' });
    await expect(rows(page).first().locator(link(desc.items[0]!.id)).first()).toBeVisible();

    // Everything was enrolled today: a range ending yesterday shows nothing, one from today everything.
    const today = dateInMontevideo(new Date());
    await page.getByLabel('Desde').fill(today);
    await expect(page).toHaveURL(new RegExp(`desde=${today}`));
    await loaded(page);
    await expect(rows(page)).toHaveCount(Math.min(10, desc.total));
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Desde').fill('');
    await page.getByLabel('Hasta').fill(yesterday);
    await expect(page).toHaveURL(new RegExp(`hasta=${yesterday}`));
    await expect(page.getByText('No se encontraron', { exact: false }).first()).toBeVisible();
    await page.getByLabel('Hasta').fill('');
    await loaded(page);

    const boxes = page.getByRole('checkbox', { name: /^Seleccionar la inscripción de / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByRole('status').filter({ hasText: '2 inscripciones seleccionadas' })).toBeVisible();
    await page.screenshot({ path: 'test-results/list-selection-1366.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const exported = page.waitForRequest((r) => r.url().includes('/api/inscriptos/export/excel'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar selección a Excel' }).click();
    const ids = new URL((await exported).url()).searchParams.get('ids')!.split(',');
    expect(ids).toHaveLength(2);
    expect((await download).suggestedFilename()).toMatch(/^inscriptos_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByRole('button', { name: 'Quitar selección' }).click();
    await expect(boxes.nth(0)).not.toBeChecked();
  });
});
