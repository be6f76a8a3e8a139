import { expect, test, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import { endSorteoIfActive, inOwnCycle, startSorteoOnScreen } from './sorteo-start.ts';
import { E2E_ADMIN, apiLogin, freshCi, resolveDuplicados, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * "One child, one ticket": a volunteer types a child already enrolled and is warned (not stopped);
 * an administrator sees the pair on "Posibles duplicados", marks it as two children, and the raffle starts.
 */

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: screenshots to look at, when set
const YEAR = new Date().getFullYear();
const WIDTHS = [1366, 375];

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Lucía Pérez, finalised by the administrator (so she has a number): the child typed again later. */
async function seedLucia(page: Page): Promise<TInscripto> {
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = completeInscripto(new Date());
  const body = {
    ...template,
    nombre1: 'Lucía',
    nombre2: undefined,
    apellido1: 'Pérez',
    apellido2: undefined,
    sexo: 'F',
    fechaNacimiento: `${YEAR - 6}-11-23`,
    ci: freshCi(),
  };
  const res = await page.request.post('/api/inscriptos', { data: body, headers });
  expect(res.status(), await res.text()).toBe(201);
  const saved = (await res.json()) as TInscripto;
  const fin = await page.request.post(`/api/inscriptos/${saved.id}/finalizar`, {
    data: { ...body, version: saved.version },
    headers,
  });
  expect(fin.status(), await fin.text()).toBe(200);
  return (await fin.json()) as TInscripto;
}

test('a volunteer is warned of a near-duplicate; an administrator resolves it and starts the raffle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  // A cycle of its own: the raffle it starts and annuls stays out of the other raffle specs' cycle.
  await inOwnCycle(page.request, token, async () => {
    // Other specs leave look-alike records behind, and maybe a raffle: this one starts from none open.
    await endSorteoIfActive(page);
    await resolveDuplicados(page.request);
    const lucia = await seedLucia(page);
    const aviso = `Posible duplicado de Lucía Pérez, N° ${lucia.numeroInscripcion}: misma fecha de nacimiento y nombre`;

    // 1. The volunteer types the same child, in capitals and without accents: warned while typing.
    const vol = await seedUser(page.request, { role: 'voluntario', nombre: 'Verónica Voluntaria' });
    await signInAs(page, vol.username, vol.password, '/inscriptos/nuevo');
    const s1 = page.getByRole('region', { name: `1. ${SECTION_TITLES[1]}`, exact: true });
    await s1.getByLabel('Primer Nombre').fill('LUCIA');
    await s1.getByLabel('Primer Apellido').fill('perez');
    await s1.getByLabel('Fecha de nacimiento').fill(`23/11/${YEAR - 6}`);
    const warning = page.getByRole('status').filter({ hasText: aviso });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: 'Posibles duplicados' })).toHaveAttribute('href', '/duplicados');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(warning).toBeVisible();
      await shot(page, `duplicados-aviso-${width}`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Not a block: the section saves and the record exists.
    await s1.getByRole('radiogroup', { name: 'Sexo' }).getByLabel('Femenino', { exact: true }).check();
    await s1.getByLabel('Cédula de Identidad').fill(freshCi());
    await s1.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toBeVisible();
    await expect(page).toHaveURL(/\/inscriptos\/[0-9a-f-]{36}$/);
    // Read-only for the volunteer: the screen lists the pair, without the administrator's action.
    await page.goto('/duplicados');
    await expect(page.getByRole('heading', { name: /^Par 1 de 1/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'No son la misma persona' })).toHaveCount(0);

    // 2. The administrator: the badge counts the pair, the screen shows it side by side.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    const link = nav.getByRole('link', { name: /^Posibles duplicados/ });
    await expect(link).toHaveAccessibleName('Posibles duplicados 1 sin resolver');
    await link.click();
    await expect(page).toHaveURL('/duplicados');
    const par = page.getByRole('region', { name: 'Par 1 de 1: misma fecha de nacimiento y nombre' });
    await expect(par).toBeVisible();
    // The name differs (capitals, accents), the birth date does not: only the differing fields are marked.
    const nombre = par.getByRole('row', { name: /^Nombre/ });
    await expect(nombre.getByRole('cell')).toHaveText(['Lucía Pérez (difiere)', 'LUCIA perez (difiere)']);
    await expect(par.getByRole('row', { name: /^Fecha de nacimiento/ }).getByRole('cell')).toHaveText([
      `23/11/${YEAR - 6}`,
      `23/11/${YEAR - 6}`,
    ]);
    await expect(par.getByRole('link', { name: /^Abrir el registro A/ })).toHaveAttribute(
      'href',
      `/inscriptos/${lucia.id}`,
    );
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(par).toBeVisible();
      await shot(page, `duplicados-pantalla-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }

    // "No son la misma persona", with a note, by keyboard alone.
    const boton = par.getByRole('button', { name: 'No son la misma persona' });
    await boton.focus();
    await page.keyboard.press('Enter');
    const nota = par.getByLabel('Nota (opcional)');
    await expect(nota).toBeFocused();
    await page.keyboard.type('Son primas: lo confirmó la familia.');
    await shot(page, 'duplicados-resolver-375');
    await page.keyboard.press('Tab');
    await expect(par.getByRole('button', { name: /^Confirmar/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Marcado como' })).toHaveText(
      'Marcado como "No son la misma persona". No hay posibles duplicados sin resolver.',
    );
    await expect(page.getByRole('heading', { name: 'Posibles duplicados', level: 1 })).toBeFocused();
    // Kept as resolved, with who and when; the badge is gone.
    const resueltos = page.getByRole('table', { name: 'Resueltos' });
    await expect(resueltos.getByRole('row').filter({ hasText: 'LUCIA perez' })).toContainText(
      /No son la misma persona, según .+ \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)Son primas: lo confirmó la familia\./,
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'duplicados-resuelto-1366');
    await expect(nav.getByRole('link', { name: /^Posibles duplicados/ })).toHaveAccessibleName('Posibles duplicados');

    // 3. Nothing open: the raffle starts, without a written reason.
    try {
      const status = await startSorteoOnScreen(page);
      expect(status.total).toBeGreaterThan(0);
    } finally {
      await endSorteoIfActive(page);
    }
  });
  expect(errors).toEqual([]);
});

test('three look-alikes are one group on the screen, resolved at once', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchForPageErrors(page);
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  await inOwnCycle(
    page.request,
    token,
    async () => {
      await resolveDuplicados(page.request);
      const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = completeInscripto(new Date());
      for (const nombre1 of ['Tomás', 'TOMAS', 'tomas']) {
        const body = {
          ...template,
          nombre1,
          nombre2: undefined,
          apellido1: 'Urrutia',
          apellido2: 'Sosa',
          sexo: 'M',
          fechaNacimiento: `${YEAR - 6}-09-03`,
          ci: freshCi(),
        };
        const res = await page.request.post('/api/inscriptos', { data: body, headers });
        expect(res.status(), await res.text()).toBe(201);
      }
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/duplicados');
      const grupo = page.getByRole('region', {
        name: 'Grupo 1 de 1: 3 niños parecidos: misma fecha de nacimiento y nombre',
      });
      await expect(grupo).toBeVisible();
      const tabla = grupo.getByRole('table', { name: 'Niños del grupo 1 de 1' });
      await expect(tabla.getByRole('row')).toHaveCount(4);
      await expect(tabla.getByRole('link', { name: /^Abrir el registro de TOMAS Urrutia Sosa/ })).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `duplicados-grupo-${width}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await grupo.getByRole('button', { name: 'No son la misma persona' }).click();
      await grupo.getByRole('button', { name: /^Confirmar/ }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Marcado como' })).toHaveText(
        'Marcado como "No son la misma persona". No hay posibles duplicados sin resolver.',
      );
      await expect(page.getByRole('table', { name: 'Resueltos' }).getByRole('row').nth(1)).toContainText(
        'y 1 niño más',
      );
    },
    2150,
  );
  expect(errors).toEqual([]);
});
