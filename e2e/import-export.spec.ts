import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { apiListInscriptos, E2E_ADMIN, freshCi, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The administrator's exports (each format from "Acciones", the file arrives with SPEC 7's
 * name) and the Excel import through the dialog, with its "vista previa" (?simular=true).
 */

const region = (page: Page) => page.locator('.inscriptos-table-region');
const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr');
const showing = (page: Page) => page.getByText(/^Mostrando \d+-\d+ de \d+ inscriptos/);
const dialog = (page: Page) => page.getByRole('dialog');
const menu = (page: Page) => page.locator('.dropdown-menu.show');
const acciones = (page: Page) => page.locator('[id^="acciones-"]');

async function loaded(page: Page) {
  await expect(region(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(showing(page)).toBeVisible();
}

/** Letters only, different on every call: the imported surnames carry it so a search finds just them. */
const runToken = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** An .xlsx built in memory from rows (the first one is the headers). */
function workbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const EXPORTS = [
  {
    item: 'Exportar a Excel',
    name: (d: string) => `inscriptos_${d}.xlsx`,
    success: INSCRIPTO_MSG.excelExported,
    status: 'Preparando el archivo Excel',
    magic: 'PK',
  },
  {
    item: 'PDFs Individuales (ZIP)',
    name: (d: string) => `inscripciones_${d}.zip`,
    success: INSCRIPTO_MSG.zipExported,
    status: 'Preparando el archivo ZIP con los PDFs individuales',
    magic: 'PK',
  },
  {
    item: 'PDF Masivo',
    name: (d: string) => `todas_las_inscripciones_${d}.pdf`,
    success: INSCRIPTO_MSG.pdfAllExported,
    status: 'Preparando el archivo PDF masivo',
    magic: '%PDF',
  },
  {
    item: 'Exportar a SQL',
    name: (d: string) => `inscriptos_backup_${d}.sql`,
    success: INSCRIPTO_MSG.sqlExported,
    status: 'Preparando el archivo SQL',
    magic: '',
  },
] as const;

async function firstBytes(download: Download, n: number): Promise<string> {
  const path = await download.path();
  return (await readFile(path)).subarray(0, n).toString('latin1');
}

test.describe('importar y exportar', () => {
  test('an administrator exports each format from the menu and imports a file through the dialog; the list shows the imported rows', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchForPageErrors(page);
    const surname = `Imp${runToken()}`;
    // Two finalised records: one gives an enrolment number already in use, the other a CI already enrolled.
    const [numbered, enrolled] = await seedInscriptos(page.request, 2, { finalizeEvery: 1 });
    const taken = (await apiListInscriptos(page.request, E2E_ADMIN, { q: numbered!.ci })).items[0]!;
    expect(taken.numeroInscripcion).not.toBeNull();

    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    await loaded(page);
    await expect(acciones(page)).toHaveText('Acciones');

    // ---- Exports. Each one waits at the server until the test lets it go, to see the busy state.
    for (const format of EXPORTS) {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const path = (url: URL) => url.pathname.startsWith('/api/inscriptos/export/');
      await page.route(path, async (route) => {
        await gate;
        await route.continue();
      });
      await acciones(page).click();
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await menu(page).getByRole('button', { name: format.item }).click();

      await expect(acciones(page)).toHaveText('Exportando...');
      await expect(acciones(page)).toHaveAttribute('aria-disabled', 'true');
      await expect(acciones(page)).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('status').filter({ hasText: format.status })).toBeAttached();
      // Busy: the menu does not open again.
      await acciones(page).click({ force: true });
      await expect(menu(page)).toHaveCount(0);

      release();
      const file = await download;
      // The alert closes by itself after 2000 ms: checked before the file is read.
      await expect(page.getByRole('status').filter({ hasText: format.success })).toBeVisible();
      expect(file.suggestedFilename()).toBe(format.name(dateInMontevideo(new Date())));
      if (format.magic) expect(await firstBytes(file, format.magic.length)).toBe(format.magic);
      else expect(await readFile(await file.path(), 'utf8')).toMatch(/insert into/i);
      await expect(acciones(page)).toHaveText('Acciones');
      await expect(acciones(page)).not.toHaveAttribute('aria-disabled', 'true');
      await page.unroute(path);
    }

    // A failed export: SPEC 8's danger alert for that format.
    const zip = (url: URL) => url.pathname === '/api/inscriptos/export/pdf-zip';
    await page.route(zip, (route) =>
      route.fulfill({ status: 500, json: { message: 'Error interno', code: 'INTERNAL' } }),
    );
    await acciones(page).click();
    await menu(page).getByRole('button', { name: 'PDFs Individuales (ZIP)' }).click();
    await expect(page.getByRole('alert').filter({ hasText: INSCRIPTO_MSG.zipExportFailed })).toBeVisible();
    await page.unroute(zip);

    // ---- Import: a new spreadsheet with three new rows, one whose number exists, one invalid CI, one
    // CI already enrolled, and a column that matches no field.
    const year = new Date().getFullYear() - 6;
    const fresh = [
      { nombre: 'Renata', ci: freshCi(), nacimiento: `14/05/${year}`, sexo: 'F' },
      { nombre: 'Bruno', ci: freshCi(), nacimiento: `02/09/${year}`, sexo: 'M' },
      { nombre: 'Camila', ci: freshCi(), nacimiento: `23/11/${year}`, sexo: 'F' },
    ];
    const xlsx = workbook([
      [
        'Primer Nombre',
        'Primer Apellido',
        'Cédula de Identidad',
        'Fecha de nacimiento',
        'Sexo',
        'N° Inscripción',
        'Observación interna',
      ],
      [fresh[0]!.nombre, surname, fresh[0]!.ci, fresh[0]!.nacimiento, 'F', '', 'x'],
      [fresh[1]!.nombre, surname, fresh[1]!.ci, fresh[1]!.nacimiento, 'M', '', ''],
      ['Omitida', 'Numerada', freshCi(), `01/03/${year}`, 'F', taken.numeroInscripcion, ''],
      ['Mala', 'Cedula', '5.999.999-9', `01/02/${year}`, 'M', '', ''],
      ['Repetida', 'Duplicada', enrolled!.ci, `05/06/${year}`, 'M', '', ''],
      [fresh[2]!.nombre, surname, fresh[2]!.ci, fresh[2]!.nacimiento, 'F', '', ''],
    ]);

    await acciones(page).click();
    await menu(page).getByRole('button', { name: 'Importar desde Excel' }).click();
    const box = dialog(page);
    await expect(box.getByRole('heading', { name: 'Importar desde Excel' })).toBeVisible();
    await box
      .getByLabel('Archivo Excel (.xlsx o .xls)')
      .setInputFiles({ name: 'nuevos.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
    await expect(box).toContainText(
      `Archivo seleccionado: nuevos.xlsx (${(xlsx.length / 1024).toFixed(2).replace('.', ',')} KB)`,
    );
    await expect(box).toContainText(INSCRIPTO_MSG.importDuplicatesNote);

    // Vista previa: counts, the invalid row, the duplicate with both names; nothing is written.
    await box.getByRole('button', { name: 'Vista previa' }).click();
    await expect(box.getByRole('heading', { name: 'Vista previa' })).toBeVisible({ timeout: 15_000 });
    await expect(box.getByRole('heading', { name: 'Vista previa' })).toBeFocused();
    await expect(box.getByRole('status')).toHaveText(
      'Vista previa: 3 registros se importarían, 1 registro se omitiría (número de inscripción ya existente), 2 filas se rechazarían por errores o cédulas ya inscriptas',
    );
    await expect(box).toContainText('Registros que se importarían: 3');
    await expect(box).toContainText('Omitidos (número de inscripción ya existente): 1');
    await expect(box).toContainText('Filas con errores: 1');
    await expect(box).toContainText('Cédulas duplicadas: 1');
    const invalid = box.getByRole('table', { name: 'Filas con errores (1 fila)' });
    await expect(invalid.getByRole('columnheader')).toHaveText(['Fila', 'Campo', 'Valor', 'Motivo']);
    await expect(invalid.locator('tbody tr')).toHaveCount(1);
    await expect(invalid.locator('tbody tr').first().locator('th, td')).toHaveText([
      '5',
      'Cédula de Identidad',
      '5.999.999-9',
      'La cédula debe ser mayor a 6.000.000',
    ]);
    const dups = box.getByRole('table', { name: 'Cédulas duplicadas: no se importarán' });
    await expect(dups.locator('tbody tr').first()).toContainText('Repetida Duplicada');
    await expect(dups.locator('tbody tr').first()).toContainText(`${enrolled!.nombre1} ${enrolled!.apellido1}`);
    await expect(box).toContainText('Columnas ignoradas (no corresponden a ningún campo): Observación interna');
    expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    expect((await apiListInscriptos(page.request, E2E_ADMIN, { q: surname })).total).toBe(0);

    // Importar: the same file for real; the server's message, the dialog closes, the list reloads.
    const before = await apiListInscriptos(page.request, E2E_ADMIN);
    await box.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: /^Importación exitosa: 3 registros importados, 1 registro omitido/,
      }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Resumen de todas las inscripciones' })).toContainText(
      `Total: ${before.resumen.total + 3}`,
    );
    // The result stays, with the two refused rows, until it is closed.
    const result = page.getByRole('region', { name: INSCRIPTO_MSG.importResultTitle });
    await expect(result.getByRole('table', { name: INSCRIPTO_MSG.importRejectedCaption(2) })).toBeVisible();
    await result.getByRole('button', { name: INSCRIPTO_MSG.importResultClose }).click();
    await expect(result).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Buscar inscriptos' }).fill(surname);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === surname);
    await loaded(page);
    await expect(bodyRows(page)).toHaveCount(3);
    const names = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
    expect(names.sort()).toEqual(fresh.map((f) => `${f.nombre} ${surname}`).sort());
    expect(errors).toEqual([]);
  });
});
