import { expect, type Page } from '@playwright/test';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { E2E_ADMIN, apiLogin } from './support.ts';

/** GET /api/sorteo/status (public). */
export async function sorteoStatus(page: Page): Promise<TSorteoStatus> {
  const res = await page.request.get('/api/sorteo/status');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TSorteoStatus;
}

/** Ends a raffle left active (by a retried run, or a spec that started one and is done with it). */
export async function endSorteoIfActive(page: Page): Promise<void> {
  if (!(await sorteoStatus(page)).isActive) return;
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await page.request.post('/api/sorteo/end', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Starts the raffle on the screen as the signed-in administrator, the way the room does it: the titular
 * places, "Iniciar Sorteo", and the confirmation a new raffle asks for when one is archived. The one place
 * for these steps: when the start flow changes (a public value, a pre-flight confirmation), only this
 * helper changes.
 */
export async function startSorteoOnScreen(page: Page, plazas = { nenas: 10, varones: 10 }): Promise<TSorteoStatus> {
  const archived = (await sorteoStatus(page)).sorteosArchivados;
  await page.goto('/sorteo');
  await page.getByLabel('Plazas titulares para nenas').fill(String(plazas.nenas));
  await page.getByLabel('Plazas titulares para varones').fill(String(plazas.varones));
  await page.getByRole('button', { name: SORTEO_MSG.iniciar }).click();
  if (archived > 0) {
    await expect(page.getByRole('alert')).toContainText('Ya hay un sorteo archivado');
    await page.getByRole('button', { name: 'Sí, iniciar un sorteo nuevo' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Antes del primer sorteo' })).toBeVisible();
  const status = await sorteoStatus(page);
  expect(status.isActive).toBe(true);
  return status;
}
