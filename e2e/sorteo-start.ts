import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { E2E_ADMIN, apiLogin } from './support.ts';

/** GET /api/sorteo/status (public). */
async function sorteoStatus(page: Page): Promise<TSorteoStatus> {
  const res = await page.request.get('/api/sorteo/status');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TSorteoStatus;
}

/** Ends a raffle left active (by a retried run, or a spec that started one and is done with it). */
export async function endSorteoIfActive(page: Page): Promise<void> {
  if (!(await sorteoStatus(page)).isActive) return;
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  // Ending before the last draw annuls it, with a reason.
  const res = await page.request.post('/api/sorteo/end', {
    headers: { authorization: `Bearer ${token}` },
    data: { motivo: 'Prueba terminada' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Starts the raffle on the screen as the signed-in administrator, the way the room does it: the titular
 * places, the pre-flight reviewed, "Iniciar Sorteo", and the confirmation a new raffle asks for after an
 * annulled one. The one place
 * for these steps: when the start flow changes (a public value, a pre-flight confirmation), only this
 * helper changes.
 */
export async function startSorteoOnScreen(page: Page, plazas = { nenas: 10, varones: 10 }): Promise<TSorteoStatus> {
  const before = await sorteoStatus(page);
  await page.goto('/sorteo');
  await page.getByLabel('Plazas titulares para nenas').fill(String(plazas.nenas));
  await page.getByLabel('Plazas titulares para varones').fill(String(plazas.varones));
  await page.getByLabel('Revisé quiénes participan y quiénes no').check();
  await page.getByRole('button', { name: SORTEO_MSG.iniciar }).click();
  // After an annulled raffle of the cycle, a new one asks for the reason to be confirmed.
  if (before.sorteosDelCiclo.some((s) => s.estado === 'anulado')) {
    await expect(page.getByRole('alert')).toContainText('fue anulado');
    await page.getByRole('button', { name: 'Sí, iniciar un sorteo nuevo' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Antes del primer sorteo' })).toBeVisible();
  const status = await sorteoStatus(page);
  expect(status.isActive).toBe(true);
  return status;
}

/**
 * Runs `body` with a new admission cycle of its own as the current one, then gives the mark back: a raffle
 * finished there (one per cycle) leaves the other specs' cycle free for theirs.
 */
export async function inOwnCycle(
  request: APIRequestContext,
  token: string,
  body: () => Promise<void>,
  /** The first year tried: specs keep to ranges of their own (50 years from it). */
  desde = 2100,
) {
  const headers = { authorization: `Bearer ${token}` };
  const ciclos = (await (await request.get('/api/ciclos', { headers })).json()) as { items: TCiclo[] };
  const previous = ciclos.items.find((c) => c.actual)!;
  // A year no other cycle has (another spec, or a retried run, may have taken one): try the next.
  let created = await request.post('/api/ciclos', { data: { anioIngreso: desde }, headers });
  for (let anio = desde + 1; created.status() === 409 && anio < desde + 50; anio++) {
    created = await request.post('/api/ciclos', { data: { anioIngreso: anio }, headers });
  }
  expect(created.status(), await created.text()).toBe(201);
  const ciclo = (await created.json()) as TCiclo;
  // Moving the mark on purpose, whatever season is open (decision 0030 asks for this confirmation).
  const actual = { actual: true, confirmarOfertasAbiertas: true };
  expect((await request.put(`/api/ciclos/${ciclo.id}`, { data: actual, headers })).status()).toBe(200);
  try {
    await body();
  } finally {
    await request.put(`/api/ciclos/${previous.id}`, { data: actual, headers });
  }
}

/** A whole raffle through the API (start, public value, every draw confirmed, end): its season of offers starts. */
export async function runRaffleByApi(request: APIRequestContext, token: string, plazas = { nenas: 2, varones: 2 }) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  await call('post', '/api/sorteo/start', {
    plazasNenas: plazas.nenas,
    plazasVarones: plazas.varones,
    confirmarNuevo: true,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
  });
  await call('post', '/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
  for (;;) {
    const next = await call('post', '/api/sorteo/next');
    if (!next.participante) break;
    await call('post', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
  }
  await call('post', '/api/sorteo/end', {});
}
