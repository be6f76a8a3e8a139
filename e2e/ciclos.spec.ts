import { expect, test, type APIRequestContext } from '@playwright/test';
import { type TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { apiLogin, E2E_ADMIN, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

/**
 * Admission cycles (docs/decisions/0014): an administrator creates next year's cycle, makes it current and
 * closes this year's; a child enrolled then is number 1; this year's list stays readable but frozen.
 * The server starts with one cycle, named after next year (the intake year of the current lottery).
 */
const anio = new Date().getFullYear() + 1;
const actual = `Ingresos ${anio}`;
const siguiente = `Ingresos ${anio + 1}`;

async function ciclos(request: APIRequestContext): Promise<{ items: TCiclo[]; token: string }> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await request.get('/api/ciclos', { headers: { authorization: `Bearer ${token}` } });
  return { items: ((await res.json()) as { items: TCiclo[] }).items, token };
}

// Other specs run on the same server afterwards: leave this year's cycle current and open again.
test.afterAll(async ({ request }) => {
  const { items, token } = await ciclos(request);
  const original = items.find((c) => c.nombre === actual);
  if (!original) return;
  await request.put(`/api/ciclos/${original.id}`, {
    data: { estado: 'abierto', actual: true },
    headers: { authorization: `Bearer ${token}` },
  });
});

test('an administrator opens next year, enrols number 1 there and finds last year read-only', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchForPageErrors(page);
  const [anterior] = await seedInscriptos(page.request, 1);
  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/ciclos');

  await expect(page.getByRole('heading', { level: 1, name: 'Ciclos de ingreso' })).toBeVisible();
  // Creating one asks first (a cycle cannot be deleted); the dialog opens on "Cancelar".
  await page.getByRole('button', { name: `Crear ${siguiente}` }).click();
  const crear = page.getByRole('dialog', { name: CICLO_MSG.crearTitulo(siguiente) });
  await expect(crear).toContainText(CICLO_MSG.crearTexto(siguiente, actual));
  await expect(crear.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await crear.getByRole('button', { name: CICLO_MSG.crearConfirmar }).click();
  await expect(page.getByText(CICLO_MSG.creado(siguiente))).toBeVisible();
  const fila = (nombre: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nombre }) });

  // Make it current: the confirmation names the cycle.
  await fila(siguiente)
    .getByRole('button', { name: `Hacer actual ${siguiente}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Hacer actual: ${siguiente}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Hacer actual' }).click();
  await expect(fila(siguiente).getByText('Actual')).toBeVisible();
  await expect(page.getByText(`Ciclo actual: ${siguiente}`)).toBeVisible();

  // Close this year's cycle.
  await fila(actual)
    .getByRole('button', { name: `Cerrar ${actual}` })
    .click();
  await expect(dialog.getByText(`¿Cerrar ${actual}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar ciclo' }).click();
  await expect(fila(actual).getByText('Cerrado')).toBeVisible();

  // A child enrolled now belongs to the new cycle and is number 1.
  const [nino] = await seedInscriptos(page.request, 1, { finalizeEvery: 1 });
  await page.getByRole('link', { name: 'Inscriptos' }).click();
  const selector = page.getByRole('combobox', { name: 'Ciclo' });
  await expect(selector).toHaveValue((await ciclos(page.request)).items.find((c) => c.actual)!.id);
  const filaNino = page.getByRole('row').filter({ hasText: nino!.apellido1 });
  await expect(filaNino).toHaveCount(1);
  await expect(filaNino.getByRole('cell').first()).toHaveText('1');
  await expect(page.getByRole('link', { name: INSCRIPTO_MSG.newButton })).toBeVisible();

  // Last year's list: readable, frozen, and kept in the URL.
  await selector.selectOption({ label: `${actual} (cerrado)` });
  await expect(page).toHaveURL(/[?&]ciclo=/);
  await expect(page.getByText(CICLO_MSG.cerradoBanner(actual))).toBeVisible();
  await expect(page.getByRole('link', { name: INSCRIPTO_MSG.newButton })).toHaveCount(0);
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);

  // After a reload too, and its records open read-only.
  await page.reload();
  await expect(page.getByText(CICLO_MSG.cerradoBanner(actual))).toBeVisible();
  await page.goto(`/inscriptos/${anterior!.id}`);
  await expect(page.getByText(CICLO_MSG.cerradoBanner(actual))).toBeVisible();
  await expect(page.getByRole('button', { name: /Guardar/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
