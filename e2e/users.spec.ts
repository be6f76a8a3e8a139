import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, GUEST_CREDENTIALS, apiLogin, seedUser, signInAs } from './support.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { seriousA11yViolations } from './a11y.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test.describe('Gestión de Usuarios', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/usuarios');
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  });

  test('shows every column of the spec', async ({ page }) => {
    await expect(page.getByRole('columnheader')).toHaveText([
      'Usuario',
      'Nombre',
      'Email',
      'Rol',
      'Fecha Creación',
      'Estado',
      'Acciones',
    ]);
    const admin = rowOf(page, E2E_ADMIN.username);
    await expect(admin).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(admin).toContainText('Activo');
  });

  test('creates a user through the modal; the new user can log in', async ({ page }) => {
    const username = `nueva${Date.now().toString(36)}`;
    await page.getByRole('button', { name: '+ Nuevo Usuario' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Nuevo Usuario' })).toBeVisible();
    await expect(dialog(page).getByLabel('Rol')).toHaveValue('voluntario');
    await expect(dialog(page).getByLabel('Activo')).toBeChecked();

    // Required fields are reported in Spanish before anything is sent.
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog(page).getByText('Usuario: este campo es obligatorio')).toBeVisible();
    await expect(dialog(page).getByText('Contraseña: este campo es obligatorio')).toBeVisible();
    expect(await seriousA11yViolations(page, { include: '[role="dialog"]' })).toEqual([]);

    await dialog(page).getByLabel('Usuario').fill(username);
    await dialog(page).getByLabel('Contraseña').fill('clave-nueva-1');
    await dialog(page).getByLabel('Nombre completo').fill('Lucía Fernández');
    await dialog(page).getByLabel('Email').fill(`${username}@escuela.edu.uy`);
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();

    await expect(page.getByText(USER_MSG.created)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(rowOf(page, username)).toContainText('Lucía Fernández');
    await expect(page.getByText(USER_MSG.created)).toBeHidden({ timeout: 4000 });
    await apiLogin(page.request, username, 'clave-nueva-1');
  });

  test('many users with long names and emails: the page stays as wide as the window, the actions in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    let last = '';
    for (let i = 0; i < 6; i++) {
      const user = await seedUser(page.request, {
        nombre: `Voluntaria de prueba número ${i} con un apellido compuesto largo`,
        email: `voluntaria.de.prueba.${Date.now()}${i}@escuela-de-tiempo-completo.edu.uy`,
      });
      last = user.username;
    }
    await page.reload();
    const row = rowOf(page, last);
    await expect(row).toBeVisible();
    // Hidden texts of rows scrolled inside the table ("Eliminar usuario …") used to widen the page.
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(inner);
    const eliminar = await row.getByRole('button', { name: `Eliminar usuario ${last}` }).boundingBox();
    expect(eliminar!.x + eliminar!.width).toBeLessThanOrEqual(inner);
  });

  test('a duplicate username shows the server message', async ({ page }) => {
    const existing = await seedUser(page.request);
    await page.getByRole('button', { name: '+ Nuevo Usuario' }).click();
    // Focus moves into the dialog, to its first field, so typing starts there.
    await expect(dialog(page).getByLabel('Usuario')).toBeFocused();
    await dialog(page).getByLabel('Usuario').fill(existing.username);
    await dialog(page).getByLabel('Contraseña').fill('clave-nueva-1');
    await dialog(page).getByLabel('Nombre completo').fill('Otra Persona');
    await dialog(page).getByLabel('Email').fill('otra@escuela.edu.uy');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog(page).getByText(USER_MSG.usernameTaken(existing.username))).toBeVisible();
  });

  test('edits a user, keeping the password when left blank', async ({ page }) => {
    const user = await seedUser(page.request);
    await page.reload();
    await rowOf(page, user.username)
      .getByRole('button', { name: `Editar usuario ${user.username}` })
      .click();
    await expect(dialog(page).getByRole('heading', { name: 'Editar Usuario' })).toBeVisible();
    // Typing waits for the dialog's own move of the focus to Usuario (at the end of its fade-in).
    await expect(dialog(page).getByLabel('Usuario')).toBeFocused();
    await expect(dialog(page).getByLabel('Contraseña')).toHaveAttribute(
      'placeholder',
      USER_MSG.passwordPlaceholderEdit,
    );
    await dialog(page).getByLabel('Nombre completo').fill('Nombre Corregido');
    await dialog(page).getByLabel('Rol').selectOption('visitado');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(USER_MSG.updated)).toBeVisible();
    await expect(rowOf(page, user.username)).toContainText('Nombre Corregido');
    const session = await apiLogin(page.request, user.username, user.password);
    expect(session.user.role).toBe('visitado');
  });

  test('deletes a user after the confirmation dialog', async ({ page }) => {
    const user = await seedUser(page.request, { nombre: 'Para Borrar' });
    await page.reload();
    await rowOf(page, user.username)
      .getByRole('button', { name: `Eliminar usuario ${user.username}` })
      .click();
    await expect(dialog(page).getByRole('heading', { name: 'Eliminar Usuario' })).toBeVisible();
    await expect(dialog(page)).toContainText('no se puede deshacer');
    // Focus starts on "Cancelar": Enter right away keeps the user.
    await expect(dialog(page).getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toHaveCount(0);
    await expect(rowOf(page, user.username)).toHaveCount(1);

    await rowOf(page, user.username)
      .getByRole('button', { name: `Eliminar usuario ${user.username}` })
      .click();
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(USER_MSG.deleted)).toBeVisible();
    await expect(rowOf(page, user.username)).toHaveCount(0);
    const res = await page.request.post('/api/auth/login', {
      data: { username: user.username, password: user.password },
    });
    expect(res.status()).toBe(401);
  });

  test('administrators stay active: disabled checkbox with hint; promoting an inactive user activates them', async ({
    page,
  }) => {
    await rowOf(page, E2E_ADMIN.username)
      .getByRole('button', { name: `Editar usuario ${E2E_ADMIN.username}` })
      .click();
    await expect(dialog(page).getByLabel('Activo')).toBeDisabled();
    await expect(dialog(page).getByText(USER_MSG.adminActiveHint)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();

    // An inactive volunteer promoted to administrator is activated with the role.
    const user = await seedUser(page.request, { activo: false });
    await page.reload();
    await expect(rowOf(page, user.username)).toContainText('Inactivo');
    await rowOf(page, user.username)
      .getByRole('button', { name: `Editar usuario ${user.username}` })
      .click();
    await expect(dialog(page).getByLabel('Activo')).not.toBeChecked();
    await dialog(page).getByLabel('Rol').selectOption('administrador');
    await expect(dialog(page).getByLabel('Activo')).toBeDisabled();
    await expect(dialog(page).getByLabel('Activo')).toBeChecked();
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(USER_MSG.updated)).toBeVisible();
    const session = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
    const list = await (
      await page.request.get('/api/users', { headers: { authorization: `Bearer ${session.token}` } })
    ).json();
    expect(list.find((u: { username: string }) => u.username === user.username)).toMatchObject({
      role: 'administrador',
      activo: true,
    });
  });

  test('editing yourself refreshes the name in the sidebar and the session', async ({ page }) => {
    await rowOf(page, E2E_ADMIN.username)
      .getByRole('button', { name: `Editar usuario ${E2E_ADMIN.username}` })
      .click();
    await dialog(page).getByLabel('Nombre completo').fill('Directora General');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(USER_MSG.updated)).toBeVisible();
    await expect(page.locator('.app-sidebar').getByText('Directora General')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!).nombre)).toBe('Directora General');
  });

  test('the guest account is marked as a system account and can only be deactivated and reactivated', async ({
    page,
  }) => {
    const guestRow = page.getByRole('row').filter({ hasText: USER_MSG.systemAccountBadge });
    await expect(guestRow).toHaveCount(1);
    await expect(guestRow.getByRole('cell').first()).toHaveText(
      `${GUEST_CREDENTIALS.username}${USER_MSG.systemAccountBadge}`,
    );
    await expect(guestRow).toContainText('Activo');
    // No way to edit its identity or delete it: only the switch.
    await expect(guestRow.getByRole('button')).toHaveCount(1);
    await expect(guestRow.getByRole('button', { name: /Editar|Eliminar/ })).toHaveCount(0);
    // The other accounts keep both actions.
    await expect(rowOf(page, E2E_ADMIN.username).getByRole('button', { name: /Eliminar usuario/ })).toHaveCount(1);
    expect(await seriousA11yViolations(page, { include: 'table' })).toEqual([]);

    const deactivate = guestRow.getByRole('button', { name: `Desactivar usuario ${GUEST_CREDENTIALS.username}` });
    try {
      // Keyboard only: focus the button and press Enter.
      await deactivate.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(USER_MSG.systemAccountDeactivated)).toBeVisible();
      await expect(guestRow).toContainText('Inactivo');
      const refused = await page.request.post('/api/auth/login', { data: GUEST_CREDENTIALS });
      expect(refused.status()).toBe(401);

      await guestRow.getByRole('button', { name: `Activar usuario ${GUEST_CREDENTIALS.username}` }).click();
      await expect(page.getByText(USER_MSG.systemAccountActivated)).toBeVisible();
      await expect(guestRow).toContainText('Activo');
      const session = await apiLogin(page.request, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
      expect(session.user.role).toBe('visitado');
    } finally {
      // Other specs sign in as the guest: leave it active whatever happened above.
      const admin = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
      const headers = { authorization: `Bearer ${admin.token}` };
      const list = (await (await page.request.get('/api/users', { headers })).json()) as {
        id: string;
        sistema: boolean;
        username: string;
        nombre: string;
        email: string;
        role: string;
      }[];
      const guest = list.find((u) => u.sistema)!;
      const { id, username, nombre, email, role } = guest;
      await page.request.put(`/api/users/${id}`, {
        headers,
        data: { username, nombre, email, role, activo: true, password: '' },
      });
    }
  });
});
