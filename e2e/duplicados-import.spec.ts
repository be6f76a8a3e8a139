import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import { E2E_ADMIN, apiLogin, freshCi, resolveDuplicados, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The duplicate warning beside the child's name, birth date and CI before anything is
 * saved, in words for the role; an administrator deletes the record left over from "Posibles duplicados" and it
 * stays under "Resueltos"; an import's result (with a refused row, its reason and a download) stays until closed.
 */

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: screenshots to look at, when set
const YEAR = new Date().getFullYear();
const WIDTHS = [1366, 375];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Letters only, different on every call: a name no other spec's record has. */
const runToken = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

async function seed(page: Page, nombre1: string, apellido1: string, fechaNacimiento: string): Promise<TInscripto> {
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = completeInscripto(new Date());
  const body = { ...template, nombre1, nombre2: undefined, apellido1, apellido2: undefined, fechaNacimiento };
  const headers = { authorization: `Bearer ${token}` };
  const data = { ...body, ci: freshCi() };
  const res = await page.request.post('/api/inscriptos', { data, headers });
  expect(res.status(), await res.text()).toBe(201);
  const saved = (await res.json()) as TInscripto;
  // Finalised, so it has a number: the copy typed later is the one "Sin número".
  const fin = await page.request.post(`/api/inscriptos/${saved.id}/finalizar`, {
    data: { ...data, version: saved.version },
    headers,
  });
  expect(fin.status(), await fin.text()).toBe(200);
  return (await fin.json()) as TInscripto;
}

for (const width of WIDTHS) {
  test(`the duplicate warning shows beside the fields before saving, and an administrator deletes the copy (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchForPageErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await resolveDuplicados(page.request);
    const apellido = `Duplo${runToken()}`;
    const fecha = `${YEAR - 6}-08-${width === 375 ? '14' : '15'}`;
    const [y, m, d] = fecha.split('-');
    await seed(page, 'Renata', apellido, fecha);

    // A volunteer types the same child: warned inside section 1, beside the CI, before any "Siguiente".
    const vol = await seedUser(page.request, { role: 'voluntario', nombre: 'Valeria Voluntaria' });
    await signInAs(page, vol.username, vol.password, '/inscriptos/nuevo');
    const s1 = page.getByRole('region', { name: `1. ${SECTION_TITLES[1]}`, exact: true });
    await s1.getByLabel('Primer Nombre').fill('RENATA');
    await s1.getByLabel('Primer Apellido').fill(apellido.toLowerCase());
    await s1.getByLabel('Fecha de nacimiento').fill(`${d}/${m}/${y}`);
    const warning = s1.getByRole('status').filter({ hasText: `Posible duplicado de Renata ${apellido}` });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(DUPLICADO_MSG.avisoAntesVoluntario);
    await expect(warning).not.toContainText('eliminá');
    await expect(warning).not.toContainText('guardar igual');
    // Beside the fields it is about: within a screen of the CI input.
    const ci = await s1.getByLabel('Cédula de Identidad', { exact: false }).first().boundingBox();
    const box = await warning.boundingBox();
    expect(Math.abs(box!.y - ci!.y)).toBeLessThan(width === 375 ? 400 : 200);
    await warning.scrollIntoViewIfNeeded();
    await shot(page, `duplicado-aviso-antes-${width}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Not a block: the volunteer saves the section; the record exists and the pair is listed.
    await s1.getByRole('radio', { name: 'Femenino' }).check();
    await s1.getByLabel('Cédula de Identidad', { exact: false }).first().fill(freshCi());
    await s1.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toBeVisible();
    // Back in section 1 once saved: the warning says so, never "podés seguir" after the save.
    await page.getByRole('button', { name: `1. ${SECTION_TITLES[1]}`, exact: true }).click();
    const saved = s1.getByRole('status').filter({ hasText: `Posible duplicado de Renata ${apellido}` });
    await expect(saved).toContainText(DUPLICADO_MSG.avisoGuardadaVoluntario);
    await expect(saved).not.toContainText('podés seguir');

    // The administrator deletes the copy from "Posibles duplicados", after confirming.
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/duplicados');
    await expect(page.getByText(DUPLICADO_MSG.intro)).toBeVisible();
    const par = page.locator('.duplicado-par').filter({ hasText: `RENATA ${apellido.toLowerCase()}` });
    await expect(par).toBeVisible();
    const lados = par.getByRole('button', { name: /^Eliminar el registro [AB]$/ });
    await expect(lados).toHaveCount(2);
    await par.scrollIntoViewIfNeeded();
    await shot(page, `duplicados-par-eliminar-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The copy is the one without a number.
    const cells = par.locator('tbody tr').last().locator('td');
    const copia = (await cells.nth(0).textContent())!.includes('Sin número') ? 'A' : 'B';
    await par.getByRole('button', { name: `Eliminar el registro ${copia}` }).click();
    const dialog = page.getByRole('dialog', { name: DUPLICADO_MSG.eliminarTitulo });
    await expect(dialog).toContainText(`RENATA ${apellido.toLowerCase()}`);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('status').filter({ hasText: DUPLICADO_MSG.eliminada })).toBeVisible();
    await expect(par).toHaveCount(0);
    const resuelto = page
      .getByRole('region', { name: DUPLICADO_MSG.resueltosTitulo })
      .getByRole('listitem')
      .filter({ hasText: `duplicada de Renata ${apellido}` });
    await expect(resuelto).toContainText(/^Se eliminó la inscripción sin número, duplicada de Renata .* según .* \(\d/);
    await shot(page, `duplicados-resueltos-eliminada-${width}`);
    expect(errors).toEqual([]);
  });

  test(`the import result, with a refused row and its reason, is still there after 5 s and downloads (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchForPageErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
    const apellido = `Import${runToken()}`;
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['Primer Nombre', 'Primer Apellido', 'Cédula de Identidad', 'Fecha de nacimiento', 'Barrio'],
        ['Sofía', apellido, freshCi(), `10/04/${YEAR - 6}`, 'Centro'],
        ['Tomás', apellido, freshCi(), `11/04/${YEAR - 6}`, 'Centroo'],
      ]),
      'Hoja1',
    );
    const xlsx = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    await page.locator('[id^="acciones-"]').click();
    await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Importar desde Excel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Archivo Excel (.xlsx o .xls)')
      .setInputFiles({ name: 'planilla.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });

    const result = page.getByRole('region', { name: INSCRIPTO_MSG.importResultTitle });
    const summary =
      'Importación exitosa: 1 registro importado, 0 registros omitidos, 1 fila rechazada por errores o cédulas ya inscriptas.';
    await expect(result.getByRole('status')).toHaveText(summary);
    // Not a timed alert: still there after 5 s.
    await page.waitForTimeout(5_000);
    await expect(result.getByRole('status')).toHaveText(summary);
    const table = result.getByRole('table', { name: INSCRIPTO_MSG.importRejectedCaption(1) });
    await expect(table.getByRole('columnheader')).toHaveText(['Fila', 'Campo', 'Valor', 'Motivo']);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first().locator('th, td')).toHaveText([
      '3',
      'Barrio',
      'Centroo',
      /^Barrio: «Centroo» no es una opción válida \(opciones: .*Centro.*\)$/,
    ]);
    await result.scrollIntoViewIfNeeded();
    await shot(page, `import-resultado-${width}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: INSCRIPTO_MSG.importRejectedDownload }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(INSCRIPTO_MSG.importRejectedFile);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"Fila";"Campo";"Valor";"Motivo"');
    expect(csv).toContain('"3";"Barrio";"Centroo";"Barrio: «Centroo» no es una opción válida (opciones: ');

    await result.getByRole('button', { name: INSCRIPTO_MSG.importResultClose }).click();
    await expect(result).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
