import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { TSorteoNext } from '@inscripciones/shared/sorteo/api-schema.ts';
import { iniciales, padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { E2E_ADMIN, apiLogin, freshCi, resolveDuplicados, watchForPageErrors } from './support.ts';
import { inOwnCycle } from './sorteo-start.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The public board on a projector (docs/ux.md "El tablero en el proyector"): at
 * 1920×1080, with 20 children in each of the four lists, the room sees the child drawn last, large, and the
 * newest line of every list without scrolling; before the start the date, time and place; at the end
 * "Sorteo finalizado" and the verify button. The raffle runs through the API, in a cycle of its own.
 */

const PROYECTOR = { width: 1920, height: 1080 };
/** More lines than a column holds at 1080 px: the oldest go above, counted. */
const POR_LISTA = 20;

/** 2 × POR_LISTA × 2 finalised enrolments, girls and boys alternately, no siblings. */
async function seed(request: APIRequestContext, headers: Record<string, string>) {
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = completeInscripto(new Date());
  const run = Date.now().toString(36).slice(-4);
  const nombres = { F: ['Valentina', 'Sofía', 'Martina', 'Lucía'], M: ['Mateo', 'Joaquín', 'Tomás', 'Bruno'] };
  const createOne = async (i: number) => {
    const sexo = i % 2 === 0 ? 'F' : 'M';
    const body = {
      ...template,
      sexo,
      ci: freshCi(),
      nombre1: nombres[sexo][i % 4]!,
      nombre2: `P${run}${i}`,
      apellido1: 'Proyector',
      apellido2: 'Sala',
    };
    const res = await request.post('/api/inscriptos', { data: body, headers });
    expect(res.status(), await res.text()).toBe(201);
    const saved = (await res.json()) as TInscripto;
    const fin = await request.post(`/api/inscriptos/${saved.id}/finalizar`, {
      data: { ...body, version: saved.version },
      headers,
    });
    expect(fin.status(), await fin.text()).toBe(200);
  };
  const total = POR_LISTA * 4;
  let next = 0;
  const worker = async () => {
    while (next < total) await createOne(next++);
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

const noVerticalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight);
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a projector at 1920×1080 follows the whole raffle without scrolling', async ({ request, browser }, testInfo) => {
  test.setTimeout(300_000);
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](url, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };

  await inOwnCycle(
    request,
    token,
    async () => {
      await seed(request, headers);
      await resolveDuplicados(request);

      const room = await browser.newContext({ viewport: PROYECTOR, locale: 'es-UY', timezoneId: 'America/Montevideo' });
      const board = await room.newPage();
      const errors = watchForPageErrors(board);
      const shot = (name: string) => board.screenshot({ path: testInfo.outputPath(`${name}.png`) });

      // Before the start: the date, time and place the families were told.
      await board.goto('/sorteo');
      const proximo = board.getByRole('region', { name: SORTEO_MSG.proximoSorteo });
      await expect(proximo).toBeInViewport();
      await expect(proximo.getByText(/^\d{1,2} de \p{L}+$/u)).toBeVisible();
      await expect(proximo.getByText(/^\d{2}:\d{2} horas$/)).toBeVisible();
      await shot('proyector-antes-1920');

      await call('post', '/api/sorteo/start', {
        plazasNenas: POR_LISTA,
        plazasVarones: POR_LISTA,
        confirmarNuevo: true,
        fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
      });
      await call('post', '/api/sorteo/valor-publico', { valor: '2 6 5', origen: 'Dados lanzados por la escribana' });
      // Before the first draw the fairness data is open: the room hears the commitment.
      await expect(board.getByText(SORTEO_MSG.compromiso, { exact: true })).toBeVisible();
      await shot('proyector-preparacion-1920');

      const ultimo = board.getByTestId('sorteo-ultimo');
      let last: TSorteoNext['participante'] = null;
      for (let k = 0; ; k++) {
        const next = (await call('post', '/api/sorteo/next')) as TSorteoNext;
        if (!next.participante) break;
        await call('post', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
        last = next.participante;
        if (k === 3) {
          // The child just drawn, large, in the viewport.
          await expect(ultimo).toContainText(padNumero(last.numeroInscripcion));
          await expect(ultimo).toBeInViewport({ ratio: 1 });
          // Once the draws began the hashes are one line.
          await expect(board.getByText(SORTEO_MSG.compromiso, { exact: true })).toBeHidden();
        }
      }
      expect(last).not.toBeNull();

      // Every draw confirmed: the last one large (initials only), every list's newest line in view, no scrolling.
      await expect(ultimo).toContainText(`${padNumero(last!.numeroInscripcion)}${iniciales(last!.nombreCompleto)}`);
      await expect(ultimo).toBeInViewport({ ratio: 1 });
      const fontPx = await board
        .locator('.sorteo-ultimo__numero')
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(fontPx).toBeGreaterThanOrEqual(96);
      const region = board.getByRole('region', { name: SORTEO_MSG.tableroRegion });
      for (const titulo of ['Titulares · Nenas', 'Titulares · Varones', 'Suplentes · Nenas', 'Suplentes · Varones']) {
        const ol = region.getByRole('list', { name: new RegExp(titulo) });
        const lines = ol.getByRole('listitem');
        await expect(lines).toHaveCount(POR_LISTA);
        await expect(lines.last()).toBeInViewport({ ratio: 1 });
        await expect(ol.locator('xpath=../p[contains(@class, "sorteo-lista__anteriores")]')).toHaveText(
          /^\+ \d+ anteriores?, más arriba$/,
        );
      }
      expect(await noVerticalScroll(board)).toBe(true);
      expect(await seriousA11yViolations(board)).toEqual([]);
      await shot('proyector-en-curso-1920');

      // The same board on a laptop and a phone: nothing wider than the screen.
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 375, height: 812 },
      ]) {
        await board.setViewportSize(viewport);
        expect(await noHorizontalScroll(board)).toBe(true);
        await expect(ultimo).toContainText(padNumero(last!.numeroInscripcion));
        await board.screenshot({
          path: testInfo.outputPath(`proyector-en-curso-${viewport.width}.png`),
          fullPage: true,
        });
      }
      await board.setViewportSize(PROYECTOR);

      // The end: "Sorteo finalizado", no "En vivo", and the button that replays the raffle here.
      await call('post', '/api/sorteo/end', {});
      await expect(board.getByRole('heading', { name: SORTEO_MSG.sorteoFinalizado })).toBeInViewport();
      await expect(board.getByText(SORTEO_MSG.enVivo, { exact: true })).toHaveCount(0);
      const verificar = board.getByRole('button', { name: SORTEO_MSG.verificar });
      await expect(verificar).toBeInViewport();
      await verificar.click();
      await expect(board.getByTestId('sorteo-verificacion')).toContainText('Coincide', { timeout: 20_000 });
      expect(await seriousA11yViolations(board)).toEqual([]);
      await shot('proyector-finalizado-1920');
      expect(errors).toEqual([]);
      await room.close();
    },
    2050,
  );
});
