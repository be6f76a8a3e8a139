import { expect, test, type Page, type Route } from '@playwright/test';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import {
  apiListInscriptos,
  E2E_ADMIN,
  GUEST_CREDENTIALS,
  seedInscriptos,
  seedUser,
  signInAs,
  watchForPageErrors,
  type SeededInscripto,
} from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/** SPEC 2 "Enrolment list (/inscriptos)" against 250 enrolments seeded through the API. */
const SEEDED = 250;
/** Found by a search once this file has seeded the server of this run. */
const SEED_MARKER = 'Semillero';
const PAGE_SIZE = 10;

let voluntario: { username: string; password: string };
let voluntarioRecords: SeededInscripto[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // The server starts with an empty database per run (other specs may add a few records; every count
  // below is read from the API). A worker restarted after a failure finds the marker and does not seed again.
  const seeded = (await apiListInscriptos(request, E2E_ADMIN, { q: SEED_MARKER })).total > 0;
  if (!seeded) await seedInscriptos(request, SEEDED, { finalizeEvery: 8, marker: SEED_MARKER });
  voluntario = await seedUser(request, { role: 'voluntario', nombre: 'Vera Voluntaria' });
  voluntarioRecords = await seedInscriptos(request, 3, { as: voluntario });
});

const table = (page: Page) => page.getByRole('table');
const region = (page: Page) => page.locator('.inscriptos-table-region');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar inscriptos' });
const estadoSelect = (page: Page) => page.getByRole('combobox', { name: 'Estado' });
const showing = (page: Page) => page.getByText(/^Mostrando \d+-\d+ de \d+ inscriptos/);
const pageInfo = (page: Page) => page.getByText(/^Página \d+ de \d+$/);
const summary = (page: Page) => page.getByRole('list', { name: 'Resumen de todas las inscripciones' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Paginación' });
const dialog = (page: Page) => page.getByRole('dialog');
const isList = (url: URL) => url.pathname === '/api/inscriptos';

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
const fullName = (r: Readonly<Record<string, unknown>>) =>
  [r.nombre1, r.nombre2, r.apellido1, r.apellido2].filter((x) => typeof x === 'string' && x).join(' ');
const dmy = (iso: string) =>
  new Date(iso).toLocaleDateString('es-UY', {
    timeZone: 'America/Montevideo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/** The list has answered and nothing is loading (the first load also fetches the page's chunk). */
async function loaded(page: Page) {
  await expect(region(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(showing(page)).toBeVisible();
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  await loaded(page);
}

test.describe('listado de inscriptos', () => {
  test('administrador: title, tag, columns, first page, summary, actions; no serious a11y issue', async ({ page }) => {
    const errors = watchForPageErrors(page);
    const api = await apiListInscriptos(page.request, E2E_ADMIN);
    expect(api.total).toBeGreaterThanOrEqual(SEEDED);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    const main = page.getByRole('main');

    await expect(page.getByRole('heading', { level: 1, name: INSCRIPTO_MSG.listTitle })).toBeVisible();
    await expect(main.getByText('Admin', { exact: true })).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('placeholder', INSCRIPTO_MSG.searchPlaceholder);
    await expect(page.getByRole('button', { name: 'Mis inscripciones' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Todos', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(estadoSelect(page).locator('option')).toHaveText(['Todos los estados', 'Pendientes', 'Finalizados']);
    await expect(page.getByRole('columnheader')).toHaveText([
      'N° Inscripción',
      'Nombre',
      'Cédula',
      'Fecha inscripción',
      'Estado',
      'Acciones',
    ]);
    await loaded(page);
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${api.total} inscriptos`);
    await expect(pageInfo(page)).toHaveText(`Página 1 de ${pagesOf(api.total)}`);
    await expect(summary(page)).toContainText(`Total: ${api.resumen.total}`);
    await expect(summary(page)).toContainText(`Pendientes: ${api.resumen.pendientes}`);
    await expect(summary(page)).toContainText(`Finalizados: ${api.resumen.finalizados}`);

    // Each row as the API gave it: number, name, CI X.XXX.XXX-X, DD/MM/YYYY, estado badge.
    for (const [i, item] of api.items.entries()) {
      const cells = bodyRows(page).nth(i).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(
        item.numeroInscripcion === null ? '—Sin número' : String(item.numeroInscripcion),
      );
      await expect(cells.nth(1)).toHaveText(fullName(item));
      await expect(cells.nth(2)).toHaveText(formatCi(String(item.ci)));
      await expect(cells.nth(3)).toHaveText(dmy(item.fechaInscripcion));
      await expect(cells.nth(4)).toHaveText(
        item.estado === 'finalizado' ? INSCRIPTO_MSG.badgeFinalized : INSCRIPTO_MSG.badgePending,
      );
      await expect(cells.nth(5).getByRole('link', { name: /^Editar/ })).toHaveAttribute(
        'href',
        `/inscriptos/${item.id}`,
      );
      await expect(cells.nth(5).getByRole('button', { name: /^Eliminar/ })).toBeEnabled();
    }

    await expect(main.getByRole('link', { name: INSCRIPTO_MSG.newButton })).toHaveAttribute(
      'href',
      '/inscriptos/nuevo',
    );
    await expect(page.getByText(INSCRIPTO_MSG.readOnlyNotice)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('search: accented and unaccented names, CI with or without punctuation, no match', async ({ page }) => {
    const martinez = await apiListInscriptos(page.request, E2E_ADMIN, { q: 'Martinez' });
    const nunez = await apiListInscriptos(page.request, E2E_ADMIN, { q: 'nunez' });
    expect(martinez.total).toBeGreaterThan(PAGE_SIZE);
    expect(nunez.total).toBeGreaterThan(0);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);

    await search(page, 'Martínez');
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${martinez.total} inscriptos`);
    for (let i = 0; i < PAGE_SIZE; i++) await expect(bodyRows(page).nth(i)).toContainText('Martínez');

    await search(page, 'martinez');
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${martinez.total} inscriptos`);

    await search(page, 'NUÑEZ');
    const shown = Math.min(PAGE_SIZE, nunez.total);
    await expect(showing(page)).toHaveText(`Mostrando 1-${shown} de ${nunez.total} inscriptos`);
    await expect(bodyRows(page).first()).toContainText('Núñez');
    await search(page, 'nunez');
    await expect(showing(page)).toHaveText(`Mostrando 1-${shown} de ${nunez.total} inscriptos`);

    // A CI typed with dots and hyphen, and bare: the same single record.
    const target = (await apiListInscriptos(page.request, E2E_ADMIN, { page: 3 })).items[4]!;
    const ci = String(target.ci);
    await search(page, formatCi(ci));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(fullName(target));
    await expect(showing(page)).toHaveText('Mostrando 1-1 de 1 inscriptos');
    await search(page, ci);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(formatCi(ci));

    await search(page, 'Nadie Inexistente');
    await expect(bodyRows(page)).toHaveText([INSCRIPTO_MSG.listNoMatch]);
    await expect(showing(page)).toHaveText('Mostrando 0-0 de 0 inscriptos');
    await expect(pagination(page)).toHaveCount(0);

    // Clearing the search returns to the whole list.
    await searchBox(page).fill('');
    await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
    await loaded(page);
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
  });

  test('status filter and "Mis inscripciones" add the note; the summary counts every record', async ({ page }) => {
    const all = await apiListInscriptos(page.request, E2E_ADMIN);
    const pend = await apiListInscriptos(page.request, E2E_ADMIN, { estado: 'pendiente' });
    const fin = await apiListInscriptos(page.request, E2E_ADMIN, { estado: 'finalizado' });
    const mineFin = await apiListInscriptos(page.request, E2E_ADMIN, { estado: 'finalizado', mias: true });
    expect(fin.total).toBeGreaterThan(PAGE_SIZE);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);

    await estadoSelect(page).selectOption({ label: 'Pendientes' });
    await expect(page).toHaveURL(/estado=pendiente/);
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${pend.total} inscriptos (filtrado: pendientes)`);
    await expect(bodyRows(page).locator('td:nth-child(5)')).toHaveText(Array(PAGE_SIZE).fill('PENDIENTE'));
    await expect(summary(page)).toContainText(`Total: ${all.resumen.total}`);

    await estadoSelect(page).selectOption({ label: 'Finalizados' });
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${fin.total} inscriptos (filtrado: finalizados)`);
    await expect(bodyRows(page).locator('td:nth-child(5)')).toHaveText(Array(PAGE_SIZE).fill('FINALIZADO'));
    await expect(bodyRows(page).first().locator('td').first()).toHaveText(/^\d+$/);
    await expect(pageInfo(page)).toHaveText(`Página 1 de ${pagesOf(fin.total)}`);
    await expect(summary(page)).toContainText(`Total: ${all.resumen.total}`);
    await expect(summary(page)).toContainText(`Finalizados: ${all.resumen.finalizados}`);

    await page.getByRole('button', { name: 'Mis inscripciones' }).click();
    await expect(page.getByRole('button', { name: 'Mis inscripciones' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/mias=true/);
    await expect(showing(page)).toContainText(
      `de ${mineFin.total} inscriptos (filtrado: mis inscripciones, finalizados)`,
    );

    await estadoSelect(page).selectOption({ label: 'Todos los estados' });
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${all.total} inscriptos`);
  });

  test('voluntario: the toggle shows their own records; edit only on their own; no delete', async ({ page }) => {
    const all = await apiListInscriptos(page.request, voluntario);
    await signInAs(page, voluntario.username, voluntario.password, '/inscriptos');
    await loaded(page);
    await expect(page.getByRole('main').getByText('Voluntario', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: INSCRIPTO_MSG.newButton })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acciones' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Mis inscripciones' }).click();
    await expect(showing(page)).toHaveText('Mostrando 1-3 de 3 inscriptos (filtrado: mis inscripciones)');
    await expect(bodyRows(page)).toHaveCount(3);
    for (const record of voluntarioRecords) {
      const row = bodyRows(page).filter({ hasText: formatCi(record.ci) });
      await expect(row.getByRole('link', { name: /^Editar/ })).toHaveAttribute('href', `/inscriptos/${record.id}`);
    }
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${all.total} inscriptos`);

    // Someone else's record: edit disabled, with the tooltip.
    const others = all.items.find(
      (i) => i.createdBy.username !== voluntario.username && i.funcionario !== voluntario.username,
    );
    expect(others).toBeDefined();
    await search(page, String(others!.ci));
    const edit = bodyRows(page)
      .first()
      .getByRole('button', { name: /^Editar/ });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await expect(
      bodyRows(page)
        .first()
        .getByRole('link', { name: /^Editar/ }),
    ).toHaveCount(0);
    await edit.hover();
    await expect(page.getByRole('tooltip')).toHaveText(INSCRIPTO_MSG.noEditPermission);
    await edit.click({ force: true });
    await expect(page).toHaveURL(/\/inscriptos\?/);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  });

  test('visitado: read-only notice, Ver and a linked name on every row, no buttons, no toggle', async ({ page }) => {
    const all = await apiListInscriptos(page.request, GUEST_CREDENTIALS);
    await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, '/inscriptos?mias=true');
    await loaded(page);
    const main = page.getByRole('main');
    await expect(main.getByText(INSCRIPTO_MSG.readOnlyNotice)).toBeVisible();
    await expect(main.locator('.badge').filter({ hasText: 'Solo lectura' })).toBeVisible();
    // mias=true in a shared link means nothing to a read-only user: everything shows, no note.
    await expect(showing(page)).toHaveText(`Mostrando 1-10 de ${all.total} inscriptos`);
    await expect(page.getByRole('button', { name: 'Mis inscripciones' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Qué inscripciones mostrar' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: INSCRIPTO_MSG.newButton })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Acciones' })).toHaveCount(0);
    // The guest opens any record from its name or "Ver"; nothing to edit or delete.
    await expect(table(page).getByRole('link', { name: /^Ver la inscripción de / })).toHaveCount(PAGE_SIZE);
    await expect(table(page).getByRole('link', { name: /^Editar/ })).toHaveCount(0);
    await expect(table(page).locator('tbody').getByRole('button')).toHaveCount(0);
    for (const [i, item] of all.items.entries()) {
      await expect(
        bodyRows(page)
          .nth(i)
          .getByRole('link', { name: fullName(item), exact: true }),
      ).toHaveAttribute('href', `/inscriptos/${item.id}`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('pagination: Anterior/Siguiente, first and last page, window of 2, ellipses', async ({ page }) => {
    const { total } = await apiListInscriptos(page.request, E2E_ADMIN);
    const pages = pagesOf(total);
    expect(pages).toBeGreaterThanOrEqual(25);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);
    const nav = pagination(page);
    const ellipses = nav.locator('li', { hasText: '…' });

    await expect(nav.getByRole('link')).toHaveText(['1', '2', '3', String(pages), 'Siguiente']);
    await expect(nav.getByText('Anterior')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Anterior' })).toHaveCount(0);
    await expect(ellipses).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Página 1', exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Siguiente' }).click();
    await expect(pageInfo(page)).toHaveText(`Página 2 de ${pages}`);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(showing(page)).toHaveText(`Mostrando 11-20 de ${total} inscriptos`);
    await expect(nav.getByRole('link', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: `Página ${pages}`, exact: true }).click();
    await expect(pageInfo(page)).toHaveText(`Página ${pages} de ${pages}`);
    await expect(showing(page)).toHaveText(`Mostrando ${(pages - 1) * PAGE_SIZE + 1}-${total} de ${total} inscriptos`);
    await expect(nav.getByRole('link')).toHaveText([
      'Anterior',
      '1',
      String(pages - 2),
      String(pages - 1),
      String(pages),
    ]);
    await expect(nav.getByRole('link', { name: 'Siguiente' })).toHaveCount(0);

    await page.goto('/inscriptos?page=10');
    await loaded(page);
    await expect(nav.getByRole('link')).toHaveText([
      'Anterior',
      '1',
      '8',
      '9',
      '10',
      '11',
      '12',
      String(pages),
      'Siguiente',
    ]);
    await expect(ellipses).toHaveCount(2);
    await nav.getByRole('link', { name: 'Anterior' }).click();
    await expect(pageInfo(page)).toHaveText(`Página 9 de ${pages}`);
    await page.goBack();
    await expect(pageInfo(page)).toHaveText(`Página 10 de ${pages}`);

    // A page past the end goes to the last one.
    await page.goto('/inscriptos?page=999');
    await expect(pageInfo(page)).toHaveText(`Página ${pages} de ${pages}`);
  });

  test('the URL keeps search, filters and page across reload, back/forward and a shared link', async ({
    page,
    browser,
  }) => {
    const expected = await apiListInscriptos(page.request, E2E_ADMIN, { q: 'Martinez', estado: 'pendiente', page: 2 });
    expect(expected.total).toBeGreaterThan(PAGE_SIZE);
    const pages = pagesOf(expected.total);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);

    await search(page, 'Martinez');
    await estadoSelect(page).selectOption('pendiente');
    await expect(pageInfo(page)).toHaveText(`Página 1 de ${pages}`);
    await pagination(page).getByRole('link', { name: 'Página 2', exact: true }).click();
    await expect(page).toHaveURL(/\/inscriptos\?q=Martinez&estado=pendiente&page=2$/);
    await loaded(page);
    const firstOnPage2 = fullName(expected.items[0]!);
    await expect(bodyRows(page).first()).toContainText(firstOnPage2);

    await page.reload();
    await loaded(page);
    await expect(searchBox(page)).toHaveValue('Martinez');
    await expect(estadoSelect(page)).toHaveValue('pendiente');
    await expect(pageInfo(page)).toHaveText(`Página 2 de ${pages}`);
    await expect(showing(page)).toHaveText(
      `Mostrando 11-${Math.min(20, expected.total)} de ${expected.total} inscriptos (filtrado: pendientes)`,
    );

    await page.goBack();
    await expect(pageInfo(page)).toHaveText(`Página 1 de ${pages}`);
    await expect(estadoSelect(page)).toHaveValue('pendiente');
    await page.goBack();
    await expect(estadoSelect(page)).toHaveValue('');
    await expect(searchBox(page)).toHaveValue('Martinez');
    await page.goForward();
    await page.goForward();
    await expect(pageInfo(page)).toHaveText(`Página 2 de ${pages}`);

    // The same link opened by someone else (another browser context) shows the same view.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInAs(other, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos?q=Martinez&estado=pendiente&page=2');
    await loaded(other);
    await expect(searchBox(other)).toHaveValue('Martinez');
    await expect(bodyRows(other).first()).toContainText(firstOnPage2);
    await expect(pageInfo(other)).toHaveText(`Página 2 de ${pages}`);
    await context.close();
  });

  test('administrador deletes a record through the dialog; the summary updates', async ({ page }) => {
    const before = await apiListInscriptos(page.request, E2E_ADMIN);
    const target = (await apiListInscriptos(page.request, E2E_ADMIN, { page: 2 })).items[3]!;
    const ci = String(target.ci);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos?q=${ci}`);
    await loaded(page);
    await expect(summary(page)).toContainText(`Total: ${before.resumen.total}`);
    const row = bodyRows(page).first();
    await expect(row).toContainText(fullName(target));

    // Cancel first: nothing happens.
    await row.getByRole('button', { name: /^Eliminar/ }).click();
    await expect(dialog(page).getByRole('heading', { name: INSCRIPTO_MSG.deleteConfirmTitle })).toBeVisible();
    await expect(dialog(page)).toContainText(INSCRIPTO_MSG.deleteConfirmText(fullName(target)));
    expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(1);

    await row.getByRole('button', { name: /^Eliminar/ }).click();
    await dialog(page).getByRole('button', { name: 'Eliminar', exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.deleted });
    await expect(done).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveText([INSCRIPTO_MSG.listNoMatch]);
    await expect(summary(page)).toContainText(`Total: ${before.resumen.total - 1}`);
    const key = target.estado === 'finalizado' ? 'finalizados' : 'pendientes';
    await expect(summary(page)).toContainText(
      `${key === 'finalizados' ? 'Finalizados' : 'Pendientes'}: ${before.resumen[key] - 1}`,
    );
    // The alert closes by itself after 2000 ms.
    await expect(done).toBeHidden({ timeout: 4000 });
    const after = await apiListInscriptos(page.request, E2E_ADMIN, { q: ci });
    expect(after.total).toBe(0);
  });

  test('administrador: "Acciones" exports files and imports an Excel file through the dialog', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const before = await apiListInscriptos(page.request, E2E_ADMIN);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);
    const acciones = page.getByRole('button', { name: 'Acciones' });
    const menu = page.locator('.dropdown-menu.show');

    await acciones.click();
    await expect(menu.locator('.dropdown-item')).toHaveText([
      'Importar desde Excel',
      'Exportar a Excel',
      'PDFs Individuales (ZIP)',
      'PDF Masivo',
      'Exportar a SQL',
    ]);
    await expect(menu.locator('[aria-disabled="true"]')).toHaveCount(0);

    // Exports: a download named with today's date, and the success alert.
    let download = page.waitForEvent('download');
    await menu.getByRole('button', { name: 'Exportar a Excel' }).click();
    const excel = await download;
    expect(excel.suggestedFilename()).toMatch(/^inscriptos_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.excelExported })).toBeVisible();
    const xlsx = testInfo.outputPath('inscriptos.xlsx');
    await excel.saveAs(xlsx);

    download = page.waitForEvent('download');
    await acciones.click();
    await menu.getByRole('button', { name: 'Exportar a SQL' }).click();
    expect((await download).suggestedFilename()).toMatch(/^inscriptos_backup_\d{4}-\d{2}-\d{2}\.sql$/);
    await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sqlExported })).toBeVisible();

    // A failed export: the spec's danger alert.
    await page.route(
      (url) => url.pathname === '/api/inscriptos/export/excel',
      (route) => route.fulfill({ status: 500, json: { message: 'Error interno', code: 'INTERNAL' } }),
    );
    await acciones.click();
    await menu.getByRole('button', { name: 'Exportar a Excel' }).click();
    await expect(page.getByRole('alert').filter({ hasText: INSCRIPTO_MSG.excelExportFailed })).toBeVisible();

    // The import dialog: file checks, name and size, the duplicates note.
    await acciones.click();
    await menu.getByRole('button', { name: 'Importar desde Excel' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Importar desde Excel' })).toBeVisible();
    await expect(dialog(page)).toContainText(INSCRIPTO_MSG.importDuplicatesNote);
    const file = dialog(page).getByLabel('Archivo Excel (.xlsx o .xls)');
    await dialog(page).getByRole('button', { name: 'Importar' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText(INSCRIPTO_MSG.importNoFile);
    await file.setInputFiles({ name: 'datos.csv', mimeType: 'text/csv', buffer: Buffer.alloc(2048, 'a') });
    await expect(dialog(page).getByRole('alert')).toHaveText(INSCRIPTO_MSG.importWrongType);
    await expect(dialog(page)).toContainText('Archivo seleccionado: datos.csv (2,00 KB)');
    expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);

    // Not really a spreadsheet: the server's reason after "Error al importar:".
    await file.setInputFiles({
      name: 'roto.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(1024, 'x'),
    });
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    await expect(dialog(page)).toContainText('Archivo seleccionado: roto.xlsx (1,00 KB)');
    await dialog(page).getByRole('button', { name: 'Importar' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /^Error al importar: ./ })).toBeVisible();

    // The exported file back in: every record is already there, so nothing new is imported; the result stays.
    await acciones.click();
    await menu.getByRole('button', { name: 'Importar desde Excel' }).click();
    await dialog(page).getByLabel('Archivo Excel (.xlsx o .xls)').setInputFiles(xlsx);
    await dialog(page).getByRole('button', { name: 'Importar' }).click();
    await expect(
      page
        .getByRole('status')
        // The pending records (no number) are refused for their CI, already enrolled: nothing was imported.
        .filter({ hasText: /^No se importó ningún registro: 0 registros importados, \d+ registros omitidos/ }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(summary(page)).toContainText(`Total: ${before.resumen.total}`);
  });

  test('loading keeps the rows in place; a failed load offers Reintentar', async ({ page }) => {
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);
    const firstRow = await bodyRows(page).first().textContent();

    // A slow page: the previous rows stay, the region is busy, then the next page replaces them.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(isList, async (route: Route) => {
      await gate;
      await route.continue();
    });
    await pagination(page).getByRole('link', { name: 'Siguiente' }).click();
    await expect(region(page)).toHaveAttribute('aria-busy', 'true');
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
    await expect(bodyRows(page).first()).toHaveText(firstRow ?? '');
    await expect(page.getByRole('status').filter({ hasText: 'Cargando inscriptos...' })).toBeAttached();
    release();
    await loaded(page);
    await expect(pageInfo(page)).toHaveText(/^Página 2 de/);
    await page.unroute(isList);

    // A server error, with no list in memory: a Spanish error and "Reintentar".
    await page.route(isList, (route) =>
      route.fulfill({ status: 503, json: { message: 'El servicio no está disponible', code: 'UNAVAILABLE' } }),
    );
    await page.goto('/inscriptos?page=3');
    const failure = page.getByRole('alert').filter({ hasText: 'El servicio no está disponible' });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(table(page)).toHaveCount(0);
    await page.unroute(isList);
    await failure.getByRole('button', { name: 'Reintentar' }).click();
    await loaded(page);
    await expect(pageInfo(page)).toHaveText(/^Página 3 de/);
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
  });

  test('without a server the last loaded list shows with a "sin conexión" notice', async ({ page }) => {
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos?estado=pendiente');
    await loaded(page);
    const rows = await bodyRows(page).allTextContents();
    const api = (await page.evaluate(() => localStorage.getItem('inscriptos:ultimaLista'))) ?? '';
    expect((JSON.parse(api) as { data: TInscriptoList }).data.items).toHaveLength(PAGE_SIZE);

    // A search with no match is not kept as the copy: the copy is there to show records.
    await search(page, 'Nadie Inexistente');
    await expect(bodyRows(page)).toHaveText([INSCRIPTO_MSG.listNoMatch]);

    // The server goes away; the list is opened again (the SPA itself still loads: only /api fails).
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/inscriptos?estado=pendiente');
    const notice = page.getByRole('alert').filter({ hasText: /sin conexión/i });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(bodyRows(page)).toHaveText(rows);
    await expect(showing(page)).toContainText('(filtrado: pendientes)');
    await expect(notice).not.toContainText('Corresponde a otra');

    // Another page while offline: still the last list, never an empty table, and the notice says so.
    await pagination(page).getByRole('link', { name: 'Siguiente' }).click();
    await expect(notice).toContainText('Corresponde a otra búsqueda, filtro o página');
    await expect(bodyRows(page)).toHaveText(rows);

    // Back online (once the failed try is over): Reintentar loads the page asked for.
    await expect(notice.getByRole('button', { name: 'Reintentar' })).toBeEnabled({ timeout: 10_000 });
    await page.unroute('**/api/**');
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice).toHaveCount(0);
    await expect(pageInfo(page)).toHaveText(/^Página 2 de/);
  });
});
