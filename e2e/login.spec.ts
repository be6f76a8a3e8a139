import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInAs, watchForPageErrors } from './support.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

test.describe('login screen', () => {
  test('an administrator logs in with the form and lands on the home page', async ({ page }) => {
    const errors = watchForPageErrors(page);
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
    await page.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toBeVisible();
    expect(
      await page.evaluate(() => [sessionStorage.getItem('token') !== null, sessionStorage.getItem('user')]),
    ).toEqual([true, expect.stringContaining('"role":"administrador"')]);
    expect(errors).toEqual([]);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('secreta');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuario').fill(E2E_ADMIN.username);
    await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.invalidCredentials);
    await expect(page).toHaveURL('/login');
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.required);
  });

  test('a failed connection says so', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Usuario').fill('alguien');
    await page.getByLabel('Contraseña', { exact: true }).fill('algo');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.connectionClient);
  });

  test('"Acceder como visitante" signs in read-only', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Acceso de solo lectura - No se requieren credenciales')).toBeVisible();
    await page.getByRole('button', { name: 'Acceder como visitante' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('.app-sidebar').getByText('Visitado', { exact: true })).toBeVisible();
  });

  test('unauthenticated users and unknown paths go to /login; a signed-in user leaves /login', async ({ page }) => {
    for (const path of ['/', '/inscriptos', '/admin/usuarios', '/no/existe']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/login');
    }
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/login');
    await expect(page).toHaveURL('/');
  });

  test('unreadable session data is discarded', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      sessionStorage.setItem('token', 'x.y.z');
      sessionStorage.setItem('user', '{not json');
    });
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
  });

  test('"Salir" ends the session, on the server too', async ({ page }) => {
    const { token } = await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const me = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);
    const logout = page.waitForResponse('**/api/auth/logout');
    await page.getByRole('button', { name: 'Salir' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // The token it had no longer opens anything, even copied elsewhere.
    expect((await me()).status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('"Salir" leaves even when the server cannot be reached', async ({ page }) => {
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});
