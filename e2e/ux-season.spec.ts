import { expect, test, type Page } from '@playwright/test';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { nombreDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import {
  E2E_ADMIN,
  GUEST_CREDENTIALS,
  apiLogin,
  cicloActual,
  seedInscriptos,
  seedUser,
  signInAs,
  watchForPageErrors,
  type SeededInscripto,
} from './support.ts';
import { seriousA11yViolations } from './a11y.ts';
import { wordingSlips } from './wording.ts';

/**
 * The UX issue "every screen says what to do next", over a whole season, at a phone (375 px) and a desk
 * (1366 px): every screen as each role (nothing wider than the window, no serious axe violation), the
 * form's skip link, the confirmation before creating a cycle, "Sección guardada correctamente" announced,
 * the list's cards and the way back to the list. E2E_SCREENSHOTS=<folder> keeps a screenshot of each screen.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const ANUNCIOS = '#anuncios';

/** The logged-in screens (a role that may not see one is sent elsewhere: that page is judged). */
const SCREENS = [
  '/',
  '/panel',
  '/inscriptos',
  '/inscriptos/nuevo',
  '/consultas',
  '/sorteo',
  '/plazas',
  '/duplicados',
  '/admin/usuarios',
  '/admin/configuracion',
  '/admin/ciclos',
  '/admin/accesos',
];
const PUBLIC_SCREENS = ['/login', '/sorteo', '/estado', '/solicitud', '/avisos/baja'];

type Who = { username: string; password: string; rol: string };

/** Shared by the tests of a run: a voluntario and enrolments of theirs and of the administrator's. */
let vol: Who;
let suyas: SeededInscripto[] = [];
let ajenas: SeededInscripto[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const user = await seedUser(request, { nombre: 'Vera Temporada' });
  vol = { username: user.username, password: user.password, rol: 'voluntario' };
  suyas = await seedInscriptos(request, 4, { as: vol });
  // Enough for a second page of the list (10 a page), whatever other specs left.
  ajenas = await seedInscriptos(request, 12, { finalizeEvery: 3 });
});

const admin: Who = { ...E2E_ADMIN, rol: 'administrador' };
const guest: Who = { ...GUEST_CREDENTIALS, rol: 'visitado' };

/** The page has drawn its heading and finished loading what it shows first. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .spinner-border, main .placeholder-glow')).toHaveCount(0, { timeout: 15_000 });
}

/** (a) Nothing is wider than the window: no sideways scrolling. */
async function scrollWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

async function judge(page: Page, name: string) {
  await settled(page);
  const { scroll, inner } = await scrollWidth(page);
  expect(scroll, `${name}: ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
  // (b) axe: no serious or critical violation.
  expect(await seriousA11yViolations(page), name).toEqual([]);
  // (f) One voice: vos (SPEC's tú texts aside), one placeholder, counts in Spanish.
  expect(await wordingSlips(page), name).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/temporada-${name.replace(/[^\w]+/g, '_')}.png` });
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const who of [admin, { rol: 'voluntario' } as Who, guest]) {
      test(`every screen as ${who.rol}: no wider than the window, no serious axe violation`, async ({ page }) => {
        test.setTimeout(300_000);
        const errors = watchForPageErrors(page);
        const as = who.rol === 'voluntario' ? vol : who;
        const record = who.rol === 'voluntario' ? suyas[0]! : ajenas[0]!;
        await signInAs(page, as.username, as.password, '/');
        for (const path of [...SCREENS, `/inscriptos/${record.id}`]) {
          await page.goto(path);
          await judge(page, `${who.rol}-${width}${path}`);
        }
        expect(errors).toEqual([]);
      });
    }

    test('the public screens: /login, /sorteo, /estado, /solicitud and /avisos/baja', async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of PUBLIC_SCREENS) {
        await page.goto(path);
        await judge(page, `publica-${width}${path}`);
      }
    });

    test("(c) the skip link reaches the form's first field in two Tab presses", async ({ page }) => {
      // The administrator's first field is the official; a voluntario's, the open section's first.
      for (const [who, field] of [
        [admin, () => page.getByLabel(INSCRIPTO_MSG.enrolledBy)],
        [vol, () => page.getByRole('region', { name: `1. ${SECTION_TITLES[1]}` }).getByLabel('Primer Nombre')],
      ] as const) {
        await signInAs(page, who.username, who.password, '/inscriptos/nuevo');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleNew);
        await expect(field()).toBeVisible();
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Saltar al contenido principal' })).toBeFocused();
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: INSCRIPTO_MSG.skipToFirstField });
        await expect(skip).toBeFocused();
        // Shown while focused, in view.
        await expect(skip).toBeInViewport();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/temporada-salto-${who.username}-${width}.png` });
        await page.keyboard.press('Enter');
        await expect(field()).toBeFocused();
        // The address did not change (no "#…"), and the form kept its place.
        await expect(page).toHaveURL(/\/inscriptos\/nuevo$/);
      }
      // A read-only record: the link leads to the sections.
      await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, `/inscriptos/${ajenas[0]!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleView);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: INSCRIPTO_MSG.skipToSections })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: `1. ${SECTION_TITLES[1]}`, exact: true })).toBeFocused();
    });

    test('(d) "Crear" a cycle asks first, and is not the first thing on the screen', async ({ page }) => {
      const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
      const count = async () =>
        (
          (await (await page.request.get('/api/ciclos', { headers: { authorization: `Bearer ${token}` } })).json()) as {
            items: unknown[];
          }
        ).items.length;
      const before = await count();
      const actual = await cicloActual(page.request);
      const res = await page.request.get('/api/ciclos', { headers: { authorization: `Bearer ${token}` } });
      const anios = ((await res.json()) as { items: { anioIngreso: number }[] }).items.map((c) => c.anioIngreso);
      const siguiente = nombreDeCiclo(Math.max(...anios) + 1);

      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/ciclos');
      const crear = page.getByRole('button', { name: CICLO_MSG.crearBoton(siguiente) });
      await expect(crear).toBeVisible();
      // Under the list of cycles.
      const table = (await page.getByRole('table').boundingBox())!;
      expect((await crear.boundingBox())!.y).toBeGreaterThan(table.y + table.height);

      await crear.click();
      const dialog = page.getByRole('dialog', { name: CICLO_MSG.crearTitulo(siguiente) });
      await expect(dialog).toContainText(CICLO_MSG.crearTexto(siguiente, actual.nombre));
      await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/temporada-crear-ciclo-${width}.png` });
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      // Enter on the focused "Cancelar": nothing is created.
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      expect(await count()).toBe(before);
    });

    test('(e) "Sección guardada correctamente" is announced politely, and shown', async ({ page }) => {
      await signInAs(page, vol.username, vol.password, `/inscriptos/${suyas[1]!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleEdit);
      // The live region is there, empty, before the save.
      const region = page.locator(ANUNCIOS);
      await expect(region).toHaveAttribute('aria-live', 'polite');
      await expect(region).toHaveText('');
      await page
        .getByRole('navigation', { name: 'Secciones del formulario' })
        .getByRole('button', { name: /^Sección 11 / })
        .click();
      const s11 = page.getByRole('region', { name: `11. ${SECTION_TITLES[11]}` });
      await s11.getByLabel('Observaciones').fill(`Viene en ómnibus (${width} px).`);
      await s11.getByRole('button', { name: INSCRIPTO_MSG.saveSection }).click();
      await expect(region).toHaveText(INSCRIPTO_MSG.sectionSaved);
      // Seen too, at the top of the form (sticky), once.
      const shown = page.locator('.inscripto-form__flash .alert', { hasText: INSCRIPTO_MSG.sectionSaved });
      await expect(shown).toBeVisible();
      await expect(shown).toBeInViewport();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/temporada-seccion-guardada-${width}.png` });
    });

    test('the list: one way into each card, tap targets of 44 px on a phone, back at the top after Cancelar', async ({
      page,
    }) => {
      await signInAs(page, vol.username, vol.password, '/inscriptos?page=2');
      const rows = page.locator('.inscriptos-table tbody tr');
      await expect(page.locator('.inscriptos-table-region')).toHaveAttribute('aria-busy', 'false');
      await expect(rows.first()).toBeVisible();

      // Someone else's record (page 2 holds older ones: the administrator's seeds may be anywhere, so search).
      await page.goto(`/inscriptos?q=${ajenas[1]!.ci}`);
      const ajena = rows.first();
      await expect(ajena.getByRole('link', { name: /^Ver la inscripción de / })).toBeVisible();
      const disabled = ajena.getByRole('button', { name: /^Editar/ });
      if (width < 768) {
        // A card: "Ver", and no disabled "Editar".
        await expect(disabled).toBeHidden();
      } else {
        // The table keeps SPEC 2's disabled "Editar" and its tooltip.
        await expect(disabled).toHaveAttribute('aria-disabled', 'true');
        await disabled.hover();
        await expect(page.getByRole('tooltip')).toHaveText(INSCRIPTO_MSG.noEditPermission);
      }
      // Their own: "Editar"; on a card the duplicate "Ver" goes.
      await page.goto(`/inscriptos?q=${suyas[2]!.ci}`);
      const suya = rows.first();
      const editar = suya.getByRole('link', { name: /^Editar la inscripción de / });
      await expect(editar).toBeVisible();
      if (width < 768) {
        await expect(suya.getByRole('link', { name: /^Ver la inscripción de / })).toBeHidden();
        const box = (await editar.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/temporada-tarjeta-${width}.png` });
      }

      // Page 2, scrolled down, a record opened and left with "Cancelar": page 2 again, at its top.
      await page.goto('/inscriptos?page=2');
      await expect(page.locator('.inscriptos-table-region')).toHaveAttribute('aria-busy', 'false');
      await expect(rows.first()).toBeVisible();
      // Scrolled by the window, not by a row: the list may redraw its rows once loaded.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await rows.last().locator('td[data-label="Nombre"] a').click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.mouse.wheel(0, 2000);
      await page.getByRole('button', { name: /^(Cancelar|Volver)$/ }).click();
      await expect(page).toHaveURL(/\/inscriptos\?page=2$/);
      await expect(rows.first()).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    test('the stepper shows whole titles, and the chart its dates inside it', async ({ page }) => {
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos/nuevo');
      const titles = page.locator('.section-stepper__title');
      await expect(titles).toHaveCount(11);
      if (width >= 576) {
        const cut = await titles.evaluateAll((els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
        );
        expect(cut).toEqual([]);
      }
      await page.goto('/panel');
      const chart = page.locator('.panel-daily svg');
      await expect(chart).toBeVisible();
      const box = (await chart.boundingBox())!;
      const labels = await chart
        .locator(':scope > text')
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
        );
      for (const [i, l] of labels.entries()) {
        expect(l.left).toBeGreaterThanOrEqual(box.x - 1);
        expect(l.right).toBeLessThanOrEqual(box.x + box.width + 1);
        if (i > 0) expect(l.left).toBeGreaterThan(labels[i - 1]!.right);
      }
    });
  });
}
