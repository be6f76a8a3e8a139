import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { TSorteoParticipants, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { E2E_ADMIN, apiLogin, freshCi, resolveDuplicados, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The raffle screen (SPEC 2 "Raffle screen", docs/decisions/0008): an administrator runs a whole raffle in
 * one browser while an anonymous browser (another context, no session) watches the board update live;
 * then the acta downloads.
 */

const NENAS = ['Valentina', 'Sofía', 'Martina', 'Lucía', 'Catalina', 'Emilia', 'Julieta', 'Renata', 'Zoe'];
const VARONES = ['Mateo', 'Benjamín', 'Joaquín', 'Santiago', 'Tomás', 'Agustín', 'Facundo', 'Thiago', 'Bruno'];
const APELLIDOS = ['Ibarra', 'Quiroga', 'Etcheverry', 'Larrañaga', 'Bentancor', 'Viera', 'Olmos', 'Araújo'];

interface Seeded {
  id: string;
  nombre: string;
  numero: number;
}

/**
 * `count` finalised enrolments, girls and boys alternately, one in three with siblings in primary. The first
 * two are siblings enrolled together (the first lists the second's CI), so they share a number and are
 * drawn as one group.
 */
async function seedParticipants(request: APIRequestContext, count: number): Promise<Seeded[]> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const {
    hermanosInscriben: _h,
    cantidadHermanosInscriben: _c,
    hermanosPrimaria,
    tieneHermanosPrimaria: _t,
    ...template
  } = completeInscripto(new Date());
  const run = Date.now().toString(36).slice(-4);
  const people = Array.from({ length: count }, (_, i) => {
    const nena = i % 2 === 0;
    const names = nena ? NENAS : VARONES;
    return {
      i,
      ci: freshCi(),
      sexo: nena ? 'F' : 'M',
      nombre1: names[Math.floor(i / 2) % names.length]!,
      nombre2: `S${run}${i}`,
      apellido1: i < 2 ? 'Hermanos' : APELLIDOS[i % APELLIDOS.length]!,
      apellido2: 'Sorteo',
    };
  });
  const fullName = (p: (typeof people)[number]) => `${p.nombre1} ${p.nombre2} ${p.apellido1} ${p.apellido2}`;

  const createOne = async (p: (typeof people)[number]): Promise<Seeded> => {
    const sibling = p.i === 0 ? people[1]! : null;
    const body = {
      ...template,
      nombre1: p.nombre1,
      nombre2: p.nombre2,
      apellido1: p.apellido1,
      apellido2: p.apellido2,
      ci: p.ci,
      sexo: p.sexo,
      ...(p.i % 3 === 0 ? { tieneHermanosPrimaria: true, hermanosPrimaria } : { tieneHermanosPrimaria: false }),
      ...(sibling
        ? {
            cantidadHermanosInscriben: 1,
            hermanosInscriben: [{ nombre: fullName(sibling), nivel: 'Inicial', ci: sibling.ci, sexo: sibling.sexo }],
          }
        : {}),
    };
    const res = await request.post('/api/inscriptos', { data: body, headers });
    expect(res.status(), await res.text()).toBe(201);
    const saved = (await res.json()) as TInscripto;
    const fin = await request.post(`/api/inscriptos/${saved.id}/finalizar`, {
      data: { ...body, version: saved.version },
      headers,
    });
    expect(fin.status(), await fin.text()).toBe(200);
    const done = (await fin.json()) as TInscripto;
    expect(done.estado).toBe('finalizado');
    return { id: done.id, nombre: fullName(p), numero: Number(done.numeroInscripcion) };
  };

  const results: Seeded[] = [];
  for (let start = 0; start < people.length; start += 6) {
    results.push(...(await Promise.all(people.slice(start, start + 6).map(createOne))));
  }
  return results;
}

async function apiStatus(request: APIRequestContext): Promise<TSorteoStatus> {
  const res = await request.get('/api/sorteo/status');
  expect(res.status()).toBe(200);
  return (await res.json()) as TSorteoStatus;
}

/**
 * A TCP proxy in front of the server for the room's browser, so the test can cut its connection (the live
 * stream included) and restore it: while cut, open sockets are destroyed and new ones refused.
 */
async function startProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${proxyPort}`,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Lines the board should show now: every child confirmed so far. */
async function apiLineCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/sorteo/participants');
  expect(res.status()).toBe(200);
  const p = (await res.json()) as TSorteoParticipants;
  return p.principales.length + p.suplentes.nenas.length + p.suplentes.varones.length;
}

const boardLines = (page: Page) => page.getByRole('region', { name: 'Resultados del sorteo' }).getByRole('listitem');
/** After the end the raffle's lists are kept, folded once the season of offers is on the board. */
const archivedLines = (page: Page) =>
  page
    .getByRole('region', { name: 'Resultados del sorteo', includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
const list = (page: Page, name: string) => page.getByRole('list', { name: new RegExp(`^${name}`) });

test.describe('sorteo', () => {
  test('an administrator runs a raffle to the end while an anonymous browser watches the board live; the acta downloads', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const seeded = await seedParticipants(page.request, 30);
    // The siblings share one number.
    expect(seeded[0]!.numero).toBe(seeded[1]!.numero);
    // The draw waits for open possible duplicates: these look-alikes are different children.
    await resolveDuplicados(page.request);

    // A raffle left active by an earlier attempt is annulled first (only possible on a retry).
    if ((await apiStatus(page.request)).isActive) {
      const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
      await page.request.post('/api/sorteo/end', {
        headers: { authorization: `Bearer ${token}` },
        data: { motivo: 'Reintento de la prueba' },
      });
    }
    const annulledBefore = (await apiStatus(page.request)).sorteosDelCiclo.length;

    // The room: an anonymous projector at 1920×1080, no session, behind a proxy the test can cut.
    const proxy = await startProxy(baseURL!);
    const room = await browser.newContext({
      baseURL: proxy.origin,
      viewport: { width: 1920, height: 1080 },
      locale: 'es-UY',
      timezoneId: 'America/Montevideo',
    });
    const board = await room.newPage();
    const boardErrors = watchForPageErrors(board);
    await board.goto('/sorteo');
    await expect(board.getByRole('heading', { level: 1, name: /^Bienvenidos \/ Ingresos \d{4}$/ })).toBeVisible();
    await expect(board.getByText('En vivo')).toBeVisible();
    await expect(board.getByRole('button')).toHaveCount(0);

    // The operator.
    const pageErrors = watchForPageErrors(page);
    let confirmations = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sorteo/confirm') confirmations += 1;
    });
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/sorteo');
    await page.getByLabel('Plazas titulares para nenas').fill('10');
    await page.getByLabel('Plazas titulares para varones').fill('10');
    await page.getByLabel('Revisé quiénes participan y quiénes no').check();
    await page.getByRole('button', { name: SORTEO_MSG.iniciar }).click();
    if (annulledBefore > 0) {
      // An annulled raffle exists (a retried run): the server asks for confirmation.
      await expect(page.getByRole('alert')).toContainText('fue anulado');
      await page.getByRole('button', { name: 'Sí, iniciar un sorteo nuevo' }).click();
    }

    // The commitment and the participant hash are published before any draw, on every board.
    await expect(page.getByRole('heading', { name: 'Antes del primer sorteo' })).toBeVisible();
    const started = await apiStatus(page.request);
    expect(started.isActive).toBe(true);
    expect(started.plazas).toEqual({ nenas: 10, varones: 10 });
    const compromiso = started.compromiso!;
    await expect(board.getByText('Compromiso', { exact: true })).toBeVisible();
    await expect(board.getByText(compromiso)).toBeVisible();
    await expect(board.getByText(started.participantesHash!).first()).toBeVisible();

    // The public value said aloud in the room reaches the board at once.
    // Only in the form declared at start (three dice by default), reduced to its canonical value (0027).
    await expect(board.getByText('3 dados de seis caras, tirados en la sala')).toBeVisible();
    await page.getByLabel('Valor público dicho en la sala').fill('4 8 15');
    await page.getByLabel(/^De dónde salió/).fill('Dados tirados en la sala');
    await page.getByRole('button', { name: 'Guardar valor público' }).click();
    await expect(page.getByText('«8» no es la cara de un dado.', { exact: false })).toBeVisible();
    await page.getByLabel('Valor público dicho en la sala').fill('Dados: 4, 2 y 6');
    await page.getByRole('button', { name: 'Guardar valor público' }).click();
    const valorPublico = 'dados:2,4,6';
    await expect(board.getByText(valorPublico).first()).toBeVisible();
    await expect(board.getByText('«Dados: 4, 2 y 6»', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Sortear primer participante' }).click();
    const confirmar = page.getByRole('button', { name: SORTEO_MSG.confirmar });
    const progreso = page.locator('.sorteo-panel__progreso');
    const total = started.total;
    expect(total).toBeGreaterThanOrEqual(29);

    let watched = 0;
    for (let k = 0; k < total; k++) {
      await expect(progreso).toHaveText(`Sorteo ${k + 1} de ${total}`);
      await expect(confirmar).toBeEnabled();
      // The current participant is announced politely; its number has 3 digits.
      await expect(page.locator('[aria-live="polite"] .sorteo-actual__numero')).toHaveText(/\d{3,}$/);
      if (k === 0) {
        // Stage 1 draws sibling groups first: one number, the siblings listed.
        const actual = page.locator('[aria-live="polite"]');
        await expect(actual.getByRole('heading', { name: 'Hermanos' })).toBeVisible();
        expect(await actual.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
        // A double click confirms once: the next draw is the second, not the third.
        await confirmar.dblclick();
      } else {
        await confirmar.click();
      }
      if (k === 5) {
        // The room loses its connection for a few draws: the board says so, then reconnects and catches up.
        proxy.cut();
        await expect(board.getByText('Reconectando...')).toBeVisible();
      }
      if (k === 8) {
        await expect(board.getByText('Reconectando...')).toBeVisible();
        await expect(progreso).toHaveText(`Sorteo ${k + 2} de ${total}`);
        const missed = await apiLineCount(page.request);
        expect(await boardLines(board).count()).toBeLessThan(missed);
        proxy.restore();
        await expect(board.getByText('En vivo')).toBeVisible({ timeout: 10_000 });
        await expect(boardLines(board)).toHaveCount(missed);
      }
      if (k === 2 || k === 12) {
        // The administrator's board grows at once; the anonymous one follows within a second or so (live
        // events, no reload).
        await expect(progreso).toHaveText(`Sorteo ${k + 2} de ${total}`);
        const count = await apiLineCount(page.request);
        expect(count).toBeGreaterThan(watched);
        await expect(boardLines(page)).toHaveCount(count);
        await expect(boardLines(board)).toHaveCount(count, { timeout: 2_000 });
        watched = count;
      }
    }

    // SPEC 2: the completed panel.
    await expect(page.getByRole('heading', { name: SORTEO_MSG.completadoTitulo })).toBeVisible();
    await expect(page.getByText(SORTEO_MSG.completadoTexto)).toBeVisible();
    const done = await apiStatus(page.request);
    expect(done.currentIndex).toBe(total);
    // One request per draw: the double click on the first sent one.
    expect(confirmations).toBe(total);

    // Both boards show the same lines; the public one without stage or position.
    const lines = await boardLines(page).count();
    expect(lines).toBe(done.participantesTotal);
    await expect(boardLines(board)).toHaveCount(lines);
    await expect(list(board, 'Titulares · Nenas').getByRole('listitem')).toHaveCount(10);
    await expect(list(board, 'Titulares · Varones').getByRole('listitem')).toHaveCount(10);
    await expect(list(page, 'Suplentes · Nenas').getByText('Suplente 1', { exact: true })).toBeVisible();
    await expect(board.locator('.sorteo-linea__detalle')).toHaveCount(0);
    await expect(board.getByRole('listitem').filter({ hasText: /^\d{3,} \S/ })).toHaveCount(lines);
    // The siblings have one number: both lines start with it, with initials only.
    const numero = String(seeded[0]!.numero).padStart(3, '0');
    const publicas = (await boardLines(board).allTextContents())
      .map((t) => t.trim())
      .filter((t) => t.startsWith(`${numero} `));
    expect(publicas.sort()).toEqual([0, 1].map((k) => `${numero} ${iniciales(seeded[k]!.nombre)}`).sort());
    for (const s of seeded) await expect(board.getByText(s.nombre)).toHaveCount(0);

    expect(await seriousA11yViolations(board)).toEqual([]);

    // "Finalizar Sorteo" asks first; afterwards both screens keep the results.
    await page.getByRole('button', { name: SORTEO_MSG.finalizar }).click();
    await page.getByRole('dialog').getByRole('button', { name: SORTEO_MSG.finalizar }).click();
    await expect(page.getByText(SORTEO_MSG.finalizado)).toBeVisible();
    await expect(page.getByRole('button', { name: SORTEO_MSG.iniciar })).toHaveCount(0);
    await expect(archivedLines(board)).toHaveCount(lines);
    await expect(board.getByText(/^Último sorteo finalizado el/)).toBeVisible();

    // The acta of the archived raffle: PDF and JSON (with the seed that matches the commitment).
    const actas = page.getByRole('region', { name: 'Sorteos archivados' });
    await expect(actas.getByRole('listitem').first()).toBeVisible();
    const pdfDownload = page.waitForEvent('download');
    await actas
      .getByRole('button', { name: /^Acta PDF/ })
      .first()
      .click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^acta_sorteo_\d{4}_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const jsonDownload = page.waitForEvent('download');
    await actas
      .getByRole('button', { name: /^Acta JSON/ })
      .first()
      .click();
    const json = await jsonDownload;
    expect(json.suggestedFilename()).toMatch(/^acta_sorteo_\d{4}_\d{4}-\d{2}-\d{2}\.json$/);
    const acta = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      formato: string;
      semilla: string;
      compromiso: string;
      valorPublico: string;
      completo: boolean;
      sorteosConfirmados: number;
    };
    expect(acta.formato).toBe('inscripciones-sorteo-acta-v2');
    expect(acta.semilla).toMatch(/^[0-9a-f]{64}$/);
    expect(acta.compromiso).toBe(compromiso);
    expect(createHash('sha256').update(Buffer.from(acta.semilla, 'hex')).digest('hex')).toBe(compromiso);
    expect(acta.valorPublico).toBe(valorPublico);
    expect(acta).toMatchObject({ completo: true, sorteosConfirmados: total });

    // The phone: the board fits 375 px without sideways scrolling.
    await board.setViewportSize({ width: 375, height: 740 });
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(pageErrors).toEqual([]);
    expect(boardErrors).toEqual([]);
    await room.close();
    await proxy.close();
  });
});
