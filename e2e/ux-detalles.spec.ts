import { expect, test, type Page } from '@playwright/test';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import {
  E2E_ADMIN,
  GUEST_CREDENTIALS,
  apiLogin,
  cicloActual,
  resolveDuplicados,
  seedInscriptos,
  seedUser,
  signInAs,
  watchForPageErrors,
} from './support.ts';
import { endSorteoIfActive, inOwnCycle } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';
import { wordingSlips } from './wording.ts';

/**
 * The smaller things the season's walk found (the UX issue's point 7), each where it was seen, at a phone
 * (375 px) and a desk (1366 px): the year of "Educación Inicial", one placeholder, vos, counts in Spanish,
 * read-only forms, Accesos' filters, tap targets and the daily chart's dates. ux-season.spec.ts has the rest
 * (every screen's width, axe and wording, the skip link, "Crear" a cycle, "Sección guardada", the list).
 * E2E_SCREENSHOTS=<folder> keeps a screenshot of each.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detalles-${name}.png` });
}

const openSection = async (page: Page, n: number) => {
  await page
    .getByRole('navigation', { name: 'Secciones del formulario' })
    .getByRole('button', { name: new RegExp(`^Sección ${n} `) })
    .click();
  return page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n as keyof typeof SECTION_TITLES]}` });
};

/** Visible buttons (and links drawn as buttons, pagination links) in the page's main part under 44 × 44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement>('.btn, .page-link, button, input[type="checkbox"]'))
      // A box with a label is tapped through its label too: only a box without one is its whole target.
      .filter((el) => !(el instanceof HTMLInputElement) || !el.labels?.length)
      .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(
        ({ el, r }) =>
          `${(el.textContent ?? '').trim() || el.getAttribute('aria-label')}: ${Math.round(r.width)}×${Math.round(r.height)}`,
      ),
  );
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.describe.configure({ timeout: 120_000 });

    test('the form: the cycle\'s "Educación Inicial", "Seleccioná una opción", vos and one notice when read-only', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      const vol = await seedUser(page.request, { nombre: 'Valeria Detalles' });
      const [record] = await seedInscriptos(page.request, 1);
      const { anioIngreso } = await cicloActual(page.request);

      // The administrator edits: Educación Inicial names the year before the intake (2026 in Ingresos 2027).
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos/${record!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleEdit);
      const s3 = await openSection(page, 3);
      await expect(s3.getByRole('radiogroup', { name: `Educación Inicial ${anioIngreso - 1}` })).toBeVisible();
      if (anioIngreso !== 2025) await expect(page.getByText('Educación Inicial 2024')).toHaveCount(0);
      // Every list's placeholder is the same; the old "Seleccione" is nowhere.
      const placeholders = await page
        .locator('main select option[value=""]')
        .evaluateAll((els) => [...new Set(els.map((o) => o.textContent))]);
      // The year lists of the other centres say "Año"; every other list, "Seleccioná una opción".
      expect(placeholders.filter((p) => p !== 'Año')).toEqual([INSCRIPTO_MSG.selectPlaceholder]);
      await expect(s3.getByLabel('Último centro de estudios').locator('option').first()).toHaveText(
        INSCRIPTO_MSG.selectPlaceholder,
      );
      expect(await wordingSlips(page)).toEqual([]);
      await s3.getByLabel('Último centro de estudios').scrollIntoViewIfNeeded();
      await shot(page, `educacion-inicial-${width}`);

      // A voluntario on someone else's record: one notice, in vos; "Volver", no required marks.
      // The guest: SPEC's read-only notice, once, and the same.
      for (const [who, notice] of [
        [vol, INSCRIPTO_MSG.notYoursNotice],
        [GUEST_CREDENTIALS, INSCRIPTO_MSG.readOnlyNotice],
      ] as const) {
        await signInAs(page, who.username, who.password, `/inscriptos/${record!.id}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleView);
        await expect(page.getByText(notice, { exact: true })).toHaveCount(1);
        await expect(page.getByRole('main').locator('.alert')).toHaveCount(1);
        // The sections are headings that open (no stepper: nothing to fill in); the first one, opened.
        await page.getByRole('button', { name: `1. ${SECTION_TITLES[1]}`, exact: true }).click();
        await expect(
          page.getByRole('region', { name: `1. ${SECTION_TITLES[1]}` }).getByText('Primer Nombre'),
        ).toBeVisible();
        await expect(page.getByRole('main').locator('.text-danger', { hasText: '*' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: INSCRIPTO_MSG.cancel })).toHaveCount(0);
        await expect(page.getByRole('button', { name: INSCRIPTO_MSG.back })).toBeVisible();
        expect(await wordingSlips(page)).toEqual([]);
        await shot(page, `solo-lectura-${who.username === vol.username ? 'voluntario' : 'invitado'}-${width}`);
      }
      expect(errors).toEqual([]);
    });

    test('the raffle pre-flight counts in Spanish: "1 niño o niña en 1 sorteo", "2 inscripciones pendientes"', async ({
      page,
    }) => {
      const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
      await endSorteoIfActive(page);
      await inOwnCycle(page.request, token, async () => {
        await seedInscriptos(page.request, 3, { finalizeEvery: 3, marker: 'Preflight' });
        await resolveDuplicados(page.request);
        await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/sorteo');
        const preflight = page.locator('.sorteo-preflight');
        await expect(preflight).toContainText('Participa 1 niño o niña en 1 sorteo (inscripciones finalizadas).');
        await expect(preflight).toContainText('2 inscripciones pendientes: no participan.');
        expect(await wordingSlips(page)).toEqual([]);
        await preflight.scrollIntoViewIfNeeded();
        await shot(page, `preflight-${width}`);
      });
    });

    test('Accesos: "Filtrar" and "Limpiar" in the window, the table scrolls in a region the keyboard reaches', async ({
      page,
    }) => {
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/accesos');
      await expect(page.getByRole('heading', { level: 1, name: 'Accesos' })).toBeVisible();
      const inner = await page.evaluate(() => window.innerWidth);
      for (const name of ['Filtrar', 'Limpiar']) {
        const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(inner);
      }
      const region = page.getByRole('region', { name: /accesos/i });
      await expect(region).toHaveAttribute('tabindex', '0');
      await region.focus();
      await expect(region).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(inner);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `accesos-${width}`);
    });

    test('the daily chart: two months of dates, none on top of another, all inside the chart', async ({ page }) => {
      // Two months of enrolments, as in the season walked: the panel's days are replaced in its answer.
      const start = Date.UTC(2026, 9, 1);
      let acumulado = 0;
      const porDia = Array.from({ length: 60 }, (_, i) => {
        const cantidad = 2 + (i % 5);
        acumulado += cantidad;
        return { fecha: new Date(start + i * 86_400_000).toISOString().slice(0, 10), cantidad, acumulado };
      });
      await page.route(/\/api\/panel(\?|$)/, async (route) => {
        const res = await route.fetch();
        const panel = (await res.json()) as TPanel;
        await route.fulfill({ response: res, json: { ...panel, porDia } });
      });
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/panel');
      const chart = page.locator('.panel-daily svg');
      await expect(chart).toBeVisible();
      const box = (await chart.boundingBox())!;
      const labels = chart.locator(':scope > text');
      await expect(labels.last()).toHaveText('29/11');
      const rects = await labels.evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
      );
      expect(rects.length).toBeGreaterThan(2);
      for (const [i, r] of rects.entries()) {
        expect(r.left).toBeGreaterThanOrEqual(box.x - 1);
        expect(r.right).toBeLessThanOrEqual(box.x + box.width + 1);
        if (i > 0) expect(r.left, `date ${i} against the one before`).toBeGreaterThan(rects[i - 1]!.right + 4);
      }
      await chart.scrollIntoViewIfNeeded();
      await shot(page, `grafico-diario-${width}`);
    });

    if (width < 768) {
      test('tap targets: every button and unlabelled box on a phone is at least 44 × 44 px, for each role', async ({
        page,
      }) => {
        test.setTimeout(240_000);
        const vol = await seedUser(page.request, { nombre: 'Tomás Toques' });
        const [mine] = await seedInscriptos(page.request, 1, { as: vol });
        const screens = ['/', '/panel', '/inscriptos', '/consultas', '/plazas', '/sorteo'];
        const adminScreens = [
          '/duplicados',
          '/admin/usuarios',
          '/admin/configuracion',
          '/admin/ciclos',
          '/admin/accesos',
        ];
        for (const [who, paths] of [
          [E2E_ADMIN, [...screens, ...adminScreens, '/inscriptos/nuevo', `/inscriptos/${mine!.id}`]],
          [vol, [...screens, '/duplicados', '/inscriptos/nuevo', `/inscriptos/${mine!.id}`]],
          [GUEST_CREDENTIALS, [...screens, `/inscriptos/${mine!.id}`]],
        ] as const) {
          await signInAs(page, who.username, who.password, '/');
          for (const path of paths) {
            await page.goto(path);
            await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
            await expect(page.locator('main .spinner-border, main .placeholder-glow')).toHaveCount(0, {
              timeout: 15_000,
            });
            expect(await smallTargets(page), `${who.username} ${path}`).toEqual([]);
            if (path === '/inscriptos' && who === E2E_ADMIN) await shot(page, 'lista-375');
          }
        }
      });
    }
  });
}
