import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { E2E_ADMIN, apiLogin, resolveDuplicados, seedInscriptos, signInAs, watchForPageErrors } from './support.ts';
import { inOwnCycle } from './sorteo-start.ts';

/**
 * After the raffle (issue 17): a titular's family declines on the Plazas screen; the next suplente of the
 * same list appears as offered there and, without a reload, on the public board of an anonymous browser;
 * the "Adenda al acta" lists the change with its reason.
 */

async function runRaffle(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  await call('post', '/api/sorteo/start', { plazasNenas: 2, plazasVarones: 2, confirmarNuevo: true });
  await call('post', '/api/sorteo/valor-publico', { valor: '4 8 15', origen: 'Dados lanzados por la escribana' });
  for (;;) {
    const next = await call('get', '/api/sorteo/next');
    if (!next.participante) break;
    await call('post', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
  }
  await call('post', '/api/sorteo/end', {});
}

test('a titular declines: the next suplente is offered on the Plazas screen and the public board; the adenda lists it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchForPageErrors(page);
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  // A cycle of its own: the raffle it finishes is the cycle's only one (issue 16).
  await inOwnCycle(request, token, async () => {
    await seedInscriptos(request, 8, { finalizeEvery: 1, marker: `Plazas${Date.now().toString(36)}` });
    await resolveDuplicados(request);
    await runRaffle(request, token);

    const estado = (await (
      await request.get('/api/plazas', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as TPlazasEstado;
    const lista = estado.cola.nenas.length ? 'nenas' : 'varones';
    const titular = estado.ofertas.find((o) => o.lista === lista && o.estado === 'ofrecida')!;
    const siguiente = estado.cola[lista][0]!;

    // An anonymous browser watches the public board.
    const anon = await browser.newContext();
    const board = await anon.newPage();
    await board.goto('/sorteo');
    const boardRegion = board.getByRole('region', { name: 'Plazas después del sorteo' });
    await expect(boardRegion.getByText('Plazas libres: 0').first()).toBeVisible();
    const suplentesDeLista = boardRegion.getByRole('region', { name: new RegExp(`^Suplentes — ${lista}`, 'i') });
    await expect(suplentesDeLista.getByText(siguiente.nombreCompleto)).toBeVisible();

    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/plazas');
    await expect(page.getByRole('heading', { name: 'Plazas', level: 1 })).toBeVisible();
    const numero = padNumero(titular.numeroInscripcion);
    await page.getByRole('button', { name: `Rechazó (N° ${numero})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar la respuesta' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    // A decline needs its reason.
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByText('Escribí el motivo.')).toBeVisible();
    await dialog.getByLabel('Motivo (obligatorio)').fill('La familia se muda a Salto');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Respuesta registrada.')).toBeVisible();

    // The next suplente of the same list is offered, on this screen…
    const offers = page.getByRole('region', { name: 'Ofertas' });
    const row = offers.getByRole('row').filter({ hasText: siguiente.nombreCompleto });
    await expect(row).toContainText('Ofrecida');
    await expect(row).toContainText('Suplente');
    await expect(offers.getByRole('row').filter({ hasText: titular.nombreCompleto })).toContainText('Rechazada');
    // …and on the public board, without a reload.
    const conPlaza = boardRegion.getByRole('region', { name: new RegExp(`^Con plaza — ${lista}`, 'i') });
    await expect(conPlaza.getByText(siguiente.nombreCompleto)).toBeVisible();
    await expect(suplentesDeLista.getByText(siguiente.nombreCompleto)).toHaveCount(0);

    // The child's history shows the change.
    await offers.getByRole('button', { name: `Historial (N° ${numero})` }).click();
    await expect(offers.getByText(/La familia se muda a Salto/)).toBeVisible();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
    const axeBoard = await new AxeBuilder({ page: board }).analyze();
    expect(axeBoard.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    // The adenda lists the change, with who recorded it and why.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Adenda al acta (PDF)' }).click();
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(await (await download).path())));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Adenda al acta');
    expect(text).toContain('La familia se muda a Salto');
    expect(text).toContain(titular.nombreCompleto);
    expect(text).toContain(siguiente.nombreCompleto);
    expect(errors).toEqual([]);
    await anon.close();
  });
});
