import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { ADMIN, DIALECTS, bearer, tokenFor } from '../../test/helper.ts';
import {
  insertFamilies,
  openBoard,
  sharedStorage,
  type Family,
  type SharedStorage,
} from '../../test/sorteo-test-data.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';

/**
 * The raffle's state lives in the database: a restarted server resumes where it was, two instances share one
 * raffle, a confirmation counts once however often it arrives, and every live board hears of it in under a second.
 */
const families = (): Family[] => [
  { children: [{ sexo: 'F' }, { sexo: 'M' }] },
  { children: [{ sexo: 'F' }, { sexo: 'F' }, { sexo: 'M' }] },
  { children: [{ sexo: 'M', tieneHermanosPrimaria: true }] },
  ...Array.from({ length: 14 }, (_, i) => ({
    children: [{ sexo: i % 2 ? ('M' as const) : ('F' as const), nombre1: `Lucía${i}` }],
  })),
];

const boardOf = (e: { data: unknown }) => e.data as TSorteoTablero;

describe.each(DIALECTS)('sorteo across restarts and instances on %s', (dialect) => {
  let s: SharedStorage;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let token: string;
  const call = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const json = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(app, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    s = await sharedStorage(dialect);
    a = await s.open();
    b = await s.open();
    token = await tokenFor(a, ADMIN.username, ADMIN.password);
    await insertFamilies(a.ctx.db, new Date(), families());
  });
  afterAll(() => s.cleanup());

  it('lets only one of two instances start the raffle', async () => {
    const body = { plazasNenas: 4, plazasVarones: 3, fuenteValorPublico: { tipo: 'dados', cantidad: 2 } };
    const results = await Promise.all([
      call(a, 'POST', '/api/sorteo/start', body),
      call(b, 'POST', '/api/sorteo/start', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(SORTEO_MSG.yaActivo);
    // Both see the same raffle.
    expect((await json(a, 'GET', '/api/sorteo/status')).id).toBe((await json(b, 'GET', '/api/sorteo/status')).id);
  });

  it('records the same confirmation once: clicked twice, or sent by two browsers to two instances', async () => {
    await json(b, 'POST', '/api/sorteo/valor-publico', { valor: '6 1', origen: 'Dados en la sala' });
    const first = await json(a, 'POST', '/api/sorteo/next');
    // Both instances show the same draw (the plan is computed once and stored).
    expect(await json(b, 'POST', '/api/sorteo/next')).toEqual(first);
    const once = await json(a, 'POST', '/api/sorteo/confirm', { participante: first.participante });
    const twice = await json(a, 'POST', '/api/sorteo/confirm', { participante: first.participante });
    expect(once).toMatchObject({ currentIndex: 1, duplicado: false });
    expect(twice).toEqual({ ...once, duplicado: true });

    const second = await json(b, 'POST', '/api/sorteo/next');
    expect(second.index).toBe(1);
    const body = { participante: second.participante, index: 1 };
    const all = await Promise.all([
      call(a, 'POST', '/api/sorteo/confirm', body),
      call(b, 'POST', '/api/sorteo/confirm', body),
      call(b, 'POST', '/api/sorteo/confirm', body),
      call(a, 'POST', '/api/sorteo/confirm', body),
    ]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const answers = all.map((r) => r.json());
    expect(answers.filter((x) => !x.duplicado)).toHaveLength(1);
    const { duplicado: _d, ...counters } = answers[0];
    for (const x of answers) expect(x).toMatchObject(counters);
    expect((await json(b, 'GET', '/api/sorteo/status')).currentIndex).toBe(2);

    // Confirming anything but the draw on screen is refused.
    const third = await json(a, 'POST', '/api/sorteo/next');
    const plan = await json(a, 'GET', '/api/sorteo/participants');
    expect(plan.participantes).toHaveLength(2);
    const skip = await call(a, 'POST', '/api/sorteo/confirm', { participante: third.participante, index: 5 });
    expect(skip.statusCode).toBe(409);
    const unknown = await call(a, 'POST', '/api/sorteo/confirm', { participante: { numeroInscripcion: 999_999 } });
    expect(unknown.json()).toMatchObject({ code: 'CONFLICT', error: SORTEO_MSG.participanteDesconocido(999_999) });
  });

  it('resumes exactly where it was after a restart between two confirmations', async () => {
    const onScreen = await json(a, 'POST', '/api/sorteo/next');
    const statusBefore = await json(a, 'GET', '/api/sorteo/status');
    await a.close();
    a = await s.open();
    expect(await json(a, 'GET', '/api/sorteo/status')).toEqual(statusBefore);
    expect(await json(a, 'POST', '/api/sorteo/next')).toEqual(onScreen);
    const confirmed = await json(a, 'POST', '/api/sorteo/confirm', { participante: onScreen.participante });
    expect(confirmed).toMatchObject({ currentIndex: onScreen.index + 1, duplicado: false });
  });

  it('updates a board on another instance within a second, and a reconnecting board catches up', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(b.server.address() as { port: number }).port}/api/sorteo/eventos`;
    const board = await openBoard(url);
    expect(board.status).toBe(200);
    expect(board.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(board.headers.get('content-encoding')).toBeNull();
    expect(board.headers.get('cache-control')).toContain('no-store');
    const initial = boardOf(await board.waitFor((e) => e.event === 'tablero'));
    const index = initial.status.currentIndex;
    expect(initial.participants.participantes).toHaveLength(index);
    // The board never carries the seed nor the draw on screen.
    expect(JSON.stringify(initial)).not.toContain('semilla":"');

    for (let k = 0; k < 3; k++) {
      const next = await json(a, 'POST', '/api/sorteo/next');
      await json(a, 'POST', '/api/sorteo/confirm', { participante: next.participante });
      const confirmedAt = Date.now();
      const seen = await board.waitFor((e) => boardOf(e).status.currentIndex === index + k + 1, 3000);
      expect(seen.at - confirmedAt, 'latency of the live board').toBeLessThan(1000);
      expect(boardOf(seen).participants.participantes.at(-1)!.participante.numeroInscripcion).toBe(
        next.participante.numeroInscripcion,
      );
    }
    board.close();

    // Two more confirmations while the board is away; on reconnection it gets the current state at once.
    for (let k = 0; k < 2; k++) {
      const next = await json(b, 'POST', '/api/sorteo/next');
      await json(b, 'POST', '/api/sorteo/confirm', { participante: next.participante });
    }
    const back = await openBoard(url);
    const caughtUp = boardOf(await back.waitFor((e) => e.event === 'tablero'));
    expect(caughtUp.status.currentIndex).toBe(index + 5);
    expect(caughtUp.participants.participantes).toHaveLength(index + 5);

    // Ending the raffle (here before the last draw) reaches the board too, and its acta says so and verifies.
    const { actaId } = await json(a, 'POST', '/api/sorteo/end', { motivo: 'Corte de luz en la sala' });
    const acta = await json(a, 'GET', `/api/sorteo/actas/${actaId}/acta.json`);
    expect(acta).toMatchObject({ completo: false, sorteosConfirmados: index + 5, estado: 'anulado' });
    expect(verifyActa(acta)).toMatchObject({ ok: true, sorteos: index + 5, completo: false });
    const ended = boardOf(await back.waitFor((e) => !boardOf(e).status.isActive));
    // Closing the server ends the stream.
    expect(ended.status.ultimoArchivado?.semilla).toMatch(/^[0-9a-f]{64}$/);
    const started = Date.now();
    await b.close();
    await back.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe.each(DIALECTS)('public board with initials only on %s', (dialect) => {
  let s: SharedStorage;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    s = await sharedStorage(dialect);
    app = await s.open();
    token = await tokenFor(app, ADMIN.username, ADMIN.password);
    await insertFamilies(app.ctx.db, new Date(), [
      { children: [{ nombre1: 'Ángela', nombre2: 'María', apellido1: 'Núñez', apellido2: 'Pérez', sexo: 'F' }] },
      { children: [{ nombre1: 'Bruno', nombre2: undefined, apellido1: 'Suárez', apellido2: 'Gómez', sexo: 'M' }] },
    ]);
  });
  afterAll(async () => {
    await s.cleanup();
  });

  it('shows numbers and initials to the public and full names to administrators', async () => {
    const admin = bearer(token);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/sorteo/start',
          headers: admin,
          payload: { fuenteValorPublico: { tipo: 'dados', cantidad: 2 } },
        })
      ).statusCode,
    ).toBe(200);
    const valor = { valor: '1 2', origen: 'Dados' };
    await app.inject({ method: 'POST', url: '/api/sorteo/valor-publico', headers: admin, payload: valor });
    for (let k = 0; k < 2; k++) {
      const next = (await app.inject({ method: 'POST', url: '/api/sorteo/next', headers: admin })).json();
      expect(['Ángela María Núñez Pérez', 'Bruno Suárez Gómez']).toContain(next.participante.nombreCompleto);
      await app.inject({
        method: 'POST',
        url: '/api/sorteo/confirm',
        headers: admin,
        payload: { participante: next.participante },
      });
    }
    const pub = (await app.inject({ url: '/api/sorteo/participants' })).json();
    const names = pub.principales.map((l: { nombreCompleto: string }) => l.nombreCompleto).sort();
    expect(names).toEqual(['B. S. G.', 'Á. M. N. P.']);
    expect(JSON.stringify(pub)).not.toContain('Bruno');
    // An expired or foreign token is just a public reader.
    const bogus = (
      await app.inject({ url: '/api/sorteo/participants', headers: { authorization: 'Bearer x.y.z' } })
    ).json();
    expect(bogus).toEqual(pub);
    const full = (await app.inject({ url: '/api/sorteo/participants', headers: admin })).json();
    expect(JSON.stringify(full)).toContain('Bruno Suárez Gómez');
  });
});
