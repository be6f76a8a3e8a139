import { expect, test, type Page, type Route } from '@playwright/test';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { OUTBOX_MSG } from '../packages/web/src/features/inscripto-form/outbox/outbox-messages.ts';
import { UNSAVED_MSG } from '../packages/web/src/features/inscripto-form/unsaved-changes.ts';
import { E2E_ADMIN, GUEST_CREDENTIALS, seedInscriptos, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The usability of the form and users side, at a desktop (1366 px) and a phone (375 px) width: the guest's
 * read-only way (home, /nuevo, "Ver Inscripto"), the unsaved-changes guard, the section stepper, the
 * outbox count beside the section being edited, the record history, the drawn error mark and the users
 * as cards.
 */

const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: screenshots to look at, when set

async function shot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const header = (page: Page, n: SectionNumber) =>
  page.getByRole('button', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const region = (page: Page, n: SectionNumber) =>
  page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const stepper = (page: Page) => page.getByRole('navigation', { name: 'Secciones del formulario' });
const step = (page: Page, n: SectionNumber) =>
  stepper(page).getByRole('button', { name: new RegExp(`^Sección ${n} `) });
/** A step's name: "Sección 2 Domicilio y contacto: faltan 6 datos" (Chromium may put a space before the colon). */
const stepName = (n: SectionNumber, state: string) =>
  new RegExp(`^Sección ${n} ${SECTION_TITLES[n].replace(/[()]/g, '\\$&')} ?: ${state}$`);
const cutNetwork = (route: Route) => route.abort('internetdisconnected');

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Two shared cores run the server, Chromium and axe: room for the slow moments.
    test.describe.configure({ timeout: 90_000 });

    test('guest: home without "Registrá", /nuevo sends back to the list with a message, a record is "Ver Inscripto"', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      const [record] = await seedInscriptos(page.request, 1);
      await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, '/');
      const main = page.getByRole('main');
      await expect(main.getByText('Consultá las inscripciones que ya están cargadas')).toBeVisible();
      await expect(main.getByText(/Registrá a un nuevo estudiante/)).toHaveCount(0);
      await shot(page, `invitado-inicio-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/inscriptos/nuevo');
      await expect(page).toHaveURL(/\/inscriptos$/);
      // One notice: the list's own read-only one; why the guest is here is announced, not shown again.
      await expect(page.locator('#anuncios')).toHaveText(INSCRIPTO_MSG.createNotAllowed);
      await expect(page.getByRole('main').locator('.alert')).toHaveCount(1);
      await expect(page.getByRole('main').locator('.alert')).toHaveText(INSCRIPTO_MSG.readOnlyNotice);
      await expect(page.getByRole('heading', { name: INSCRIPTO_MSG.listTitle })).toBeVisible();
      await shot(page, `invitado-nuevo-vuelve-${width}`);
      // The list's table itself is the list spec's (its phone layout is tested there).
      expect(await seriousA11yViolations(page, { exclude: '.table-responsive' })).toEqual([]);
      // Said once: a reload does not repeat it.
      await page.reload();
      await expect(page.getByRole('heading', { name: INSCRIPTO_MSG.listTitle })).toBeVisible();
      await expect(page.getByText(INSCRIPTO_MSG.createNotAllowed)).toHaveCount(0);

      await page.goto(`/inscriptos/${record!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleView);
      await expect(page).toHaveTitle(`${INSCRIPTO_MSG.titleView} · Inscripciones`);
      await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toHaveCount(0);
      // A read-only view: no required marks, and "Volver" instead of "Cancelar"; leaving never asks.
      await expect(page.getByRole('main').locator('.text-danger', { hasText: '*' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: INSCRIPTO_MSG.cancel })).toHaveCount(0);
      await page.getByRole('button', { name: INSCRIPTO_MSG.back }).click();
      await expect(page).toHaveURL(/\/inscriptos$/);
      expect(await fitsWidth(page)).toBe(true);
      expect(errors).toEqual([]);
    });

    test('new enrolment: the stepper, the drawn error mark, and typed data never discarded without asking', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos/nuevo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleNew);

      // The stepper: section 1 open, the ones with required fields missing, the optional ones done.
      await expect(step(page, 1)).toHaveAccessibleName(stepName(1, 'abierta'));
      await expect(step(page, 1)).toHaveAttribute('aria-current', 'step');
      await expect(step(page, 2)).toHaveAccessibleName(stepName(2, 'faltan 6 datos'));
      await expect(step(page, 11)).toHaveAccessibleName(stepName(11, 'completa'));
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `formulario-stepper-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Nothing typed: Cancelar leaves at once.
      await page.getByRole('button', { name: INSCRIPTO_MSG.cancel }).click();
      await expect(page).toHaveURL(/\/inscriptos$/);
      await page.goto('/inscriptos/nuevo');

      // "Siguiente" with section 1 empty: the message starts with the drawn cross, the character kept.
      await region(page, 1).getByRole('button', { name: INSCRIPTO_MSG.next }).click();
      const alert = region(page, 1).getByRole('alert');
      await expect(alert).toContainText('❌ No podés avanzar a la siguiente sección');
      const mark = alert.locator('.error-marker').first();
      await expect(mark).toBeVisible();
      const drawn = await mark.evaluate((el) => ({
        glyph: getComputedStyle(el.firstElementChild!).opacity,
        cross: getComputedStyle(el, '::before').backgroundColor,
        width: el.getBoundingClientRect().width,
      }));
      expect(drawn).toMatchObject({ glyph: '0', cross: 'rgb(192, 38, 45)' });
      expect(drawn.width).toBeGreaterThan(8);
      await alert.scrollIntoViewIfNeeded();
      await shot(page, `formulario-marca-error-${width}`);

      // Typed data: Cancelar asks, focus on "Seguir editando", and staying keeps the data.
      const nombre = region(page, 1).getByLabel('Primer Nombre');
      await nombre.fill('Ana');
      await expect(step(page, 1)).toHaveAccessibleName(/abierta$/);
      await page.getByRole('button', { name: INSCRIPTO_MSG.cancel }).click();
      const dialog = page.getByRole('dialog', { name: UNSAVED_MSG.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(UNSAVED_MSG.text);
      await expect(dialog.getByRole('button', { name: UNSAVED_MSG.stay })).toBeFocused();
      await shot(page, `formulario-salir-sin-guardar-${width}`);
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/inscriptos\/nuevo$/);
      await expect(nombre).toHaveValue('Ana');

      // The stepper opens a section and moves the focus to its header.
      await step(page, 3).click();
      await expect(header(page, 3)).toHaveAttribute('aria-expanded', 'true');
      await expect(header(page, 3)).toBeFocused();
      await expect(step(page, 3)).toHaveAttribute('aria-current', 'step');
      await expect(step(page, 1)).toHaveAccessibleName(stepName(1, 'faltan 4 datos'));

      // The sidebar asks too; leaving drops the data.
      if (width < 768) await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: UNSAVED_MSG.leave }).click();
      await expect(page).toHaveURL(/\/$/);

      // Reloading with typed data gets the browser's own question.
      await page.goto('/inscriptos/nuevo');
      await region(page, 1).getByLabel('Primer Nombre').fill('Bea');
      const asked: string[] = [];
      page.on('dialog', (d) => {
        asked.push(d.type());
        void d.accept();
      });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleNew);
      expect(asked).toEqual(['beforeunload']);
      expect(errors).toEqual([]);
    });

    test('administrator: a save moves the baseline, the outbox count sits in the open section, the history', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const errors = watchForPageErrors(page);
      const [record] = await seedInscriptos(page.request, 1);
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos/${record!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleEdit);
      // A complete record: every section done.
      for (const n of [1, 2, 7, 11] as const) await expect(step(page, n)).toHaveAccessibleName(stepName(n, 'completa'));

      // A saved change: leaving asks nothing.
      await step(page, 11).click();
      await region(page, 11).getByLabel('Observaciones').fill('Llega en ómnibus.');
      await region(page, 11).getByRole('button', { name: INSCRIPTO_MSG.saveSection }).click();
      await expect(page.getByRole('status').filter({ hasText: INSCRIPTO_MSG.sectionSaved })).toBeVisible();
      await page.getByRole('button', { name: INSCRIPTO_MSG.cancel }).click();
      await expect(page).toHaveURL(/\/inscriptos$/);

      // Offline: the waiting count and "Reintentar ahora" show inside the section the user goes on with.
      await page.goto(`/inscriptos/${record!.id}`);
      await step(page, 2).click();
      await region(page, 2).getByLabel('Domicilio').fill('Camino Carrasco 5120');
      // Offline, counting the attempts that reach the network.
      let attempts = 0;
      const cutAndCount = (route: Route) => {
        attempts++;
        return cutNetwork(route);
      };
      await page.route('**/api/inscriptos/*', cutAndCount);
      await region(page, 2).getByRole('button', { name: INSCRIPTO_MSG.next }).click();
      await expect(header(page, 3)).toHaveAttribute('aria-expanded', 'true');
      const s3 = region(page, 3);
      await expect(s3.getByText(OUTBOX_MSG.pending(1))).toBeVisible();
      await expect(page.getByText(OUTBOX_MSG.pending(1))).toHaveCount(1);
      await s3.getByText(OUTBOX_MSG.pending(1)).scrollIntoViewIfNeeded();
      await shot(page, `formulario-pendiente-en-seccion-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // With no section open it goes back to the top of the page.
      await header(page, 3).click();
      await expect(page.locator('.inscripto-outbox').getByText(OUTBOX_MSG.pending(1))).toBeVisible();
      await header(page, 3).click();
      // "Reintentar ahora" tries at once; still offline, the change keeps waiting. (Pressed while offline:
      // once the network is back the outbox's own backoff may send the change first, and the button goes.)
      const before = attempts;
      await s3.getByRole('button', { name: OUTBOX_MSG.retryNow }).click();
      await expect.poll(() => attempts).toBeGreaterThan(before);
      await expect(s3.getByText(OUTBOX_MSG.pending(1))).toBeVisible();
      // The network comes back and the browser says so: the change goes at once.
      await page.unroute('**/api/inscriptos/*', cutAndCount);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect(page.getByText(OUTBOX_MSG.pending(1))).toHaveCount(0, { timeout: 20_000 });

      // The history, newest first: the two saves and the creation, by field label, in Montevideo time.
      const history = page.getByRole('region', { name: 'Historial de cambios' });
      await history.getByRole('button', { name: 'Ver historial' }).click();
      const items = history.getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('Guardó cambios · admin');
      await expect(items.nth(0)).toContainText('Campos: Domicilio');
      await expect(items.nth(1)).toContainText('Campos: Observaciones');
      await expect(items.nth(2)).toContainText('Creó la inscripción · admin');
      await expect(items.nth(2)).toContainText(/\d+ campos cargados/);
      await expect(items.nth(0).locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      await history.scrollIntoViewIfNeeded();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `formulario-historial-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A voluntario sees neither the history nor an edit title on someone else's record.
      const vol = await seedUser(page.request);
      await page.evaluate(() => sessionStorage.clear());
      await signInAs(page, vol.username, vol.password, `/inscriptos/${record!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(INSCRIPTO_MSG.titleView);
      await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('users: at phone width one card per user with name, role, estado and actions in view', async ({ page }) => {
      const user = await seedUser(page.request, { nombre: 'Carla Cardozo' });
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/usuarios');
      const row = page.getByRole('row').filter({ hasText: user.username });
      await expect(row).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      for (const part of [
        row.getByText('Carla Cardozo'),
        row.getByText('Voluntario'),
        row.getByText('Activo', { exact: true }),
        row.getByRole('button', { name: `Editar usuario ${user.username}` }),
        row.getByRole('button', { name: `Eliminar usuario ${user.username}` }),
      ]) {
        await expect(part).toBeVisible();
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      const heads = page.getByRole('columnheader', { name: 'Estado' });
      if (width < 768) {
        // The column heads move into each card as labels.
        expect((await heads.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
        const label = await row
          .locator('td[data-label="Estado"]')
          .evaluate((el) => getComputedStyle(el, '::before').content);
        expect(label).toBe('"Estado:"');
      } else {
        await expect(heads).toBeVisible();
      }
      await row.scrollIntoViewIfNeeded();
      await shot(page, `usuarios-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await row.getByRole('button', { name: `Editar usuario ${user.username}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}
