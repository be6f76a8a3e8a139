import { expect, test, type Locator, type Page } from '@playwright/test';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { E2E_ADMIN, GUEST_CREDENTIALS, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * Usability as each role meets it, at a desktop (1366 px) and a phone (375 px) width: one CI state at a
 * time, the focus ring, the login cursor, the birth-date mask, the enrolling official, Activo in the users
 * form and the sidebar's way to the raffle board.
 */

const YEAR = new Date().getFullYear();
const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: screenshots to look at, when set

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** WCAG relative luminance of an "rgb(r, g, b)" colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The focused element's outline, and the contrast of its colour against the page background. */
async function focusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      tag: `${el.tagName.toLowerCase()}[type=${el.getAttribute('type') ?? ''}]`,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      offset: parseFloat(style.outlineOffset),
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
  return { ...ring, contrast: contrast(ring.color, ring.background) };
}

const section1 = (page: Page) => page.getByRole('region', { name: /^1\. / });

function wrongCheckDigit(first7: string) {
  return `${first7}${(ciCheckDigit(first7) + 1) % 10}`;
}

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('login: the cursor starts in Usuario, and the focus ring is a solid dark outline', async ({ page }) => {
      await page.goto('/login');
      const usuario = page.getByLabel('Usuario');
      await expect(usuario).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
      const ring = await focusRing(page);
      expect(ring).toMatchObject({ style: 'solid', width: 3, offset: 2 });
      expect(ring.contrast).toBeGreaterThanOrEqual(3);
      await shot(page, `login-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('new enrolment: one CI state, the DD/MM/YYYY mask, a visible ring on radios, the official', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      const vol = await seedUser(page.request, { nombre: 'Bruno Funcionario' });
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos/nuevo');
      const s1 = section1(page);

      // The official defaults to the administrator; the guest is never offered, other officials are.
      const funcionario = page.getByLabel(INSCRIPTO_MSG.enrolledBy);
      await expect(funcionario).toHaveValue(E2E_ADMIN.username);
      await expect(funcionario.locator('option', { hasText: `Bruno Funcionario (${vol.username})` })).toHaveCount(1);
      await expect(funcionario.locator(`option[value="${GUEST_CREDENTIALS.username}"]`)).toHaveCount(0);

      // A wrong check digit: the note only, never "Cédula válida ✓" beside it.
      const first7 = String(6_200_000 + Math.floor(Math.random() * 3_000_000));
      const ci = s1.getByLabel('Cédula de Identidad');
      await ci.pressSequentially(wrongCheckDigit(first7));
      await expect(s1.getByText(INSCRIPTO_MSG.ciCheckDigit)).toBeVisible();
      await expect(s1.getByText(INSCRIPTO_MSG.ciValid)).toHaveCount(0);
      await shot(page, `ci-aviso-${width}`);
      // Corrected: the valid mark only.
      await ci.press('Backspace');
      await ci.pressSequentially(String(ciCheckDigit(first7)));
      await expect(s1.getByText(INSCRIPTO_MSG.ciValid)).toBeVisible();
      await expect(s1.getByText(INSCRIPTO_MSG.ciCheckDigit)).toHaveCount(0);

      // The mask: the digits alone give DD/MM/YYYY, and the date is valid (no error once left).
      const fecha = s1.getByLabel('Fecha de nacimiento');
      await fecha.pressSequentially(`1405${YEAR - 6}`);
      await expect(fecha).toHaveValue(`14/05/${YEAR - 6}`);

      // Keyboard on to Sexo: the radio carries the dark ring, 3:1 or more against the page.
      await fecha.press('Tab');
      const primero: Locator = s1.getByRole('radiogroup', { name: 'Sexo' }).getByRole('radio').first();
      await expect(primero).toBeFocused();
      await expect(s1.getByText(INSCRIPTO_MSG.birthDateInvalid)).toHaveCount(0);
      const ring = await focusRing(page);
      expect(ring).toMatchObject({ tag: 'input[type=radio]', style: 'solid', width: 3, offset: 2 });
      expect(ring.contrast).toBeGreaterThanOrEqual(3);
      await primero.scrollIntoViewIfNeeded();
      await shot(page, `formulario-foco-radio-${width}`);

      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('users: choosing Administrador after unticking Activo ticks it, and the user saves', async ({ page }) => {
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/usuarios');
      await page.getByRole('button', { name: '+ Nuevo Usuario' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Nuevo Usuario' })).toBeVisible();
      // The dialog moves the focus to Usuario once its fade-in ends: typing before then could land there.
      await expect(dialog.getByLabel('Usuario')).toBeFocused();
      // The fields first (leaving an empty one shows its error and moves the checkbox under the pointer).
      const username = `adm${Date.now().toString(36)}${width}`;
      await dialog.getByLabel('Usuario').fill(username);
      await dialog.getByLabel('Contraseña').fill('clave-admin-1');
      await dialog.getByLabel('Nombre completo').fill('Ana Administradora');
      await dialog.getByLabel('Email').fill(`${username}@escuela.edu.uy`);
      const activo = dialog.getByLabel('Activo');
      await activo.uncheck();
      await expect(activo).not.toBeChecked();
      await dialog.getByLabel('Rol').selectOption('administrador');
      await expect(activo).toBeChecked();
      await expect(activo).toBeDisabled();
      await expect(dialog.getByText(USER_MSG.adminActiveHint)).toBeVisible();
      // Back to Voluntario: Activo is free again and stays as it was.
      await dialog.getByLabel('Rol').selectOption('voluntario');
      await expect(activo).toBeEnabled();
      await expect(activo).toBeChecked();
      await dialog.getByLabel('Rol').selectOption('administrador');

      await shot(page, `usuario-admin-${width}`);
      expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(USER_MSG.created)).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    test('sidebar: every role has a link to the raffle board', async ({ page }) => {
      const vol = await seedUser(page.request);
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      for (const who of [E2E_ADMIN, vol, GUEST_CREDENTIALS]) {
        await signInAs(page, who.username, who.password);
        if (width < 768) await page.getByRole('button', { name: 'Abrir menú' }).click();
        const sorteo = nav.getByRole('link', { name: 'Sorteo', exact: true });
        await expect(sorteo).toHaveAttribute('href', '/sorteo');
        if (who === E2E_ADMIN) {
          // Keyboard: the link takes the amber ring on the dark sidebar, 3:1 or more against it.
          await sorteo.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          await expect(sorteo).toBeFocused();
          const color = await sorteo.evaluate((el) => getComputedStyle(el).outlineColor);
          const sidebarBg = await page.locator('.app-sidebar').evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(contrast(color, sidebarBg)).toBeGreaterThanOrEqual(3);
          await shot(page, `sidebar-sorteo-${width}`);
          expect(await seriousA11yViolations(page)).toEqual([]);
        }
        await sorteo.click();
        await expect(page).toHaveURL('/sorteo');
        await page.evaluate(() => sessionStorage.clear());
      }
    });
  });
}
