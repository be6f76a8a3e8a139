import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, GUEST_CREDENTIALS, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { seriousA11yViolations } from './a11y.ts';

const sidebar = (page: Page) => page.locator('.app-sidebar');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test.describe('sidebar and guards per role', () => {
  test('administrador: entries, Administración › Usuarios, badge Admin, home cards', async ({ page }) => {
    const errors = watchForPageErrors(page);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(nav(page).getByRole('link')).toHaveText([
      'Inicio',
      'Panel',
      'Inscriptos',
      // With the count of open pairs when there are any.
      /^Posibles duplicados/,
      'Consultas',
      'Sorteo',
      'Plazas',
      'Usuarios',
      'Configuración',
      'Ciclos',
      'Accesos',
      // The bootstrap administrator is the network's (docs/decisions/0036).
      'Escuelas',
      'Panel de la red',
      'Duplicados en la red',
      'Asignación de la red',
    ]);
    await expect(sidebar(page).getByText('Administración')).toBeVisible();
    await expect(sidebar(page).getByText('Admin', { exact: true })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.locator('a[href="/inscriptos"]').first()).toBeVisible();
    await expect(main.locator('a[href="/consultas"]')).not.toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('voluntario: no Administración, badge Voluntario, /admin/usuarios redirects to /', async ({ page }) => {
    const vol = await seedUser(page.request, { role: 'voluntario', nombre: 'Valeria Voluntaria' });
    await signInAs(page, vol.username, vol.password);
    await expect(nav(page).getByRole('link')).toHaveText([
      'Inicio',
      'Panel',
      'Inscriptos',
      /^Posibles duplicados/,
      'Consultas',
      'Sorteo',
      'Plazas',
    ]);
    await expect(sidebar(page).getByText('Administración')).toHaveCount(0);
    await expect(sidebar(page).getByText('Voluntario', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByText('Valeria Voluntaria')).toBeVisible();
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL('/');
  });

  test('visitado: badge Visitado and no Administración', async ({ page }) => {
    await signInAs(page, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    await expect(sidebar(page).getByText('Visitado', { exact: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: /Posibles duplicados/ })).toHaveCount(0);
    await page.goto('/duplicados');
    await expect(page).toHaveURL('/');
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL('/');
  });

  test('a user deactivated while signed in is sent to /login on the next load', async ({ page }) => {
    const vol = await seedUser(page.request);
    await signInAs(page, vol.username, vol.password);
    await expect(page).toHaveURL('/');
    const admin = await (await page.request.post('/api/auth/login', { data: E2E_ADMIN })).json();
    await page.request.put(`/api/users/${vol.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: {
        username: vol.username,
        nombre: vol.nombre,
        email: vol.email,
        role: 'voluntario',
        activo: false,
        password: '',
      },
    });
    await page.reload();
    await expect(page).toHaveURL('/login');
  });

  test('the public raffle page needs no login', async ({ page }) => {
    await page.goto('/sorteo');
    await expect(page).toHaveURL('/sorteo');
  });
});

test.describe('mobile sidebar at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('collapsed behind a toggle; closes on navigation and when the window grows past 768 px', async ({ page }) => {
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password);
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page)).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await nav(page).getByRole('link', { name: 'Consultas' }).click();
    await expect(page).toHaveURL('/consultas');
    await expect(nav(page)).toBeHidden();

    await toggle.click();
    await expect(nav(page)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page)).toBeHidden();
  });
});

test('a non-administrator who reaches the users API gets the Spanish refusal', async ({ page }) => {
  const vol = await seedUser(page.request);
  const { token } = await (
    await page.request.post('/api/auth/login', { data: { username: vol.username, password: vol.password } })
  ).json();
  const res = await page.request.get('/api/users', {
    headers: { authorization: `Bearer ${token}`, 'x-user-role': 'administrador' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe(AUTH_MSG.forbidden);
});

test('a page that fails to load shows the router fallback page', async ({ page }) => {
  await page.route(/\/assets\/home-page-[\w-]+\.js$/, (route) => route.abort('failed'));
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
});
