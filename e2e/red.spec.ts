import { expect, type Page } from '@playwright/test';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { E2E_ADMIN, apiLogin, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';
import { test } from './red-server.ts';

/*
 * One deployment for a network of schools (docs/decisions/0036), on a server of its own (red-server.ts): the
 * network's administrator adds a school and its administrator; she signs in, enrols a child and runs the
 * school's raffle on /sorteo?escuela=norte; the first school sees none of it; the network's panel counts both.
 */

const NORTE = { username: 'directora.norte', password: 'clave-norte-123' };
const sidebar = (page: Page) => page.locator('.app-sidebar');

test('a second school: its own administrator, enrolments and raffle, unseen by the first; the network counts both', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchForPageErrors(page);

  // The bootstrap administrator is the network's: "Escuelas" lists the first school and adds the second.
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/red/escuelas');
  await expect(page.getByRole('heading', { level: 1, name: 'Escuelas' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'principal' })).toBeVisible();
  await page.getByRole('button', { name: '+ Nueva escuela' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva escuela' });
  await form.getByLabel('Código').fill('Norte');
  await form.getByLabel('Nombre de la escuela').fill('Escuela Norte');
  await form.getByLabel('Dirección de la escuela').fill('Av. Italia 1234');
  await form.getByLabel('Teléfono').fill('099 123 456');
  await form.getByLabel('Horario de atención').fill('Lunes a viernes de 8 a 12');
  await form.getByRole('button', { name: 'Guardar' }).click();
  // The shared schema's rule, in Spanish, before anything is sent.
  await expect(form.getByText('El código de la escuela solo puede tener minúsculas')).toBeVisible();
  await form.getByLabel('Código').fill('norte');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Escuela «Escuela Norte» creada')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Escuela Norte' })).toBeVisible();
  // Now the account has two schools: the sidebar offers the switch, on the first one.
  const escuela = sidebar(page).getByLabel('Cambiar de escuela');
  await expect(escuela).toHaveValue('principal');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Norte's administrator, with no access to the first school.
  await sidebar(page).getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('button', { name: '+ Nuevo Usuario' }).click();
  const alta = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await alta.getByLabel('Usuario').fill(NORTE.username);
  await alta.getByLabel('Contraseña').fill(NORTE.password);
  await alta.getByLabel('Nombre completo').fill('Directora Norte');
  await alta.getByLabel('Email').fill('directora@norte.edu.uy');
  const roles = alta.getByRole('group', { name: 'Escuelas y roles' });
  await roles.getByRole('combobox').first().selectOption('');
  await roles.getByLabel('Rol en Escuela Norte').selectOption('administrador');
  await alta.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(USER_MSG.created)).toBeVisible();

  // She signs in with the form: one school, nothing to choose, its name in the sidebar.
  await sidebar(page).getByRole('button', { name: 'Salir' }).click();
  await page.getByLabel('Usuario').fill(NORTE.username);
  await page.getByLabel('Contraseña').fill(NORTE.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(sidebar(page).getByText('Escuela Norte')).toBeVisible();
  await expect(sidebar(page).getByLabel('Cambiar de escuela')).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Escuelas' })).toHaveCount(0);
  const [nino] = await seedInscriptos(page.request, 1, { as: NORTE, finalizeEvery: 1, marker: 'Nortena' });
  await sidebar(page).getByRole('link', { name: 'Inscriptos' }).click();
  await expect(page.getByText(nino!.apellido1).first()).toBeVisible();

  // Her school's raffle, on its own board.
  await page.goto('/sorteo?escuela=norte');
  await page.getByLabel('Plazas titulares para nenas').fill('1');
  await page.getByLabel('Plazas titulares para varones').fill('1');
  await page.getByLabel('Revisé quiénes participan y quiénes no').check();
  await page.getByRole('button', { name: SORTEO_MSG.iniciar }).click();
  await expect(page.getByRole('heading', { name: 'Antes del primer sorteo' })).toBeVisible();
  await page.getByLabel('Valor público dicho en la sala').fill('4 2 6');
  await page.getByLabel(/^De dónde salió/).fill('Dados tirados en la sala');
  await page.getByRole('button', { name: 'Guardar valor público' }).click();
  await page.getByRole('button', { name: 'Sortear primer participante' }).click();
  await page.getByRole('button', { name: SORTEO_MSG.confirmar }).click();
  await expect(page.getByRole('heading', { name: SORTEO_MSG.completadoTitulo })).toBeVisible();
  await page.getByRole('button', { name: SORTEO_MSG.finalizar }).click();
  await page.getByRole('dialog').getByRole('button', { name: SORTEO_MSG.finalizar }).click();
  await expect(page.getByText(SORTEO_MSG.finalizado)).toBeVisible();

  // The first school has none of it: no enrolment, no raffle.
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const principal = await (await page.request.get('/api/inscriptos?escuela=principal', { headers })).json();
  expect(principal.total).toBe(0);
  const sorteo = await (await page.request.get('/api/sorteo/status?escuela=principal')).json();
  expect(sorteo.sorteosDelCiclo).toEqual([]);
  const norte = await (await page.request.get('/api/sorteo/status?escuela=norte')).json();
  expect(norte.sorteosDelCiclo).toHaveLength(1);

  // The network's administrator: the first school's list is empty; switching to Norte shows the child.
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/inscriptos');
  await expect(sidebar(page).getByLabel('Cambiar de escuela')).toHaveValue('principal');
  await expect(page.getByText(nino!.apellido1)).toHaveCount(0);
  await sidebar(page).getByLabel('Cambiar de escuela').selectOption('norte');
  await expect(page).toHaveURL(/\/$/);
  await sidebar(page).getByRole('link', { name: 'Inscriptos' }).click();
  await expect(page.getByText(nino!.apellido1).first()).toBeVisible();

  // The network's panel: each school and the totals, the table as the chart's text.
  await sidebar(page).getByRole('link', { name: 'Panel de la red' }).click();
  const tabla = page.getByRole('table', { name: 'Números de cada escuela y de la red' });
  await expect(
    tabla
      .getByRole('row', { name: /^Escuela Norte/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(
    tabla
      .getByRole('row', { name: /^Total de la red/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(tabla.getByRole('row')).toHaveCount(4);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
