import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { verificarRegistro } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { verificarRegistroPublico } from '@inscripciones/shared/plazas/verificar-registro-publico.ts';
import type { TActa, TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import {
  ADMIN,
  DIALECTS,
  TEST_DATABASE_URL,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { esperar, pausa } from '../../test/receptores.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import { avanzarTemporada, guardarAvance, leerAvance } from '../../domain/sorteos/temporada-avance.ts';
import { createRuntime } from '../../domain/sorteos/temporada.ts';

/**
 * Deadlines that run themselves (docs/decisions/0032): an offer past its deadline expires with nobody reading,
 * the job of each instance passing its place to the next suplente, once with two instances; the expiry is in the
 * public register. An administrator changes one offer's deadline, recorded there and accepted by the verifiers.
 */
type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const DAY = 24 * 60 * 60 * 1000;
const INTERVALO_MS = 25;
const CLI = path.join(import.meta.dirname, '../../cli/sorteo/verify-cli.ts');

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    { nombre1: `Vence${sexo}${i}`, apellido1: `Solo${i}`, apellido2: 'Reloj', sexo, tieneHermanosPrimaria: false },
  ],
});

describe.each(DIALECTS)('deadlines that run themselves on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  let vol: { username: string; password: string };
  let sorteoId: string;
  const login = async () => {
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  };
  const inject = (who: Who, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'none' ? {} : bearer(tok[who]!), ...(payload ? { payload } : {}) });
  const estado = async (): Promise<TPlazasEstado> => (await inject('administrador', 'GET', '/api/plazas')).json();
  const publico = async (): Promise<TRegistroPublico> =>
    (await t.app.inject({ method: 'GET', url: '/api/plazas/registro-publico.json' })).json();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock, vencimientos: { intervaloMs: INTERVALO_MS } });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    await login();
    await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 5 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 5 }, (_, i) => lone('M', i)),
    ]);
    sorteoId = await runRaffle(t.app, tok.administrador, { nenas: 2, varones: 2 });
  }, 60_000);
  afterAll(() => t.close());

  it('expires an offer on its own at its deadline, with nobody reading, and offers the next suplente', async () => {
    const before = await estado();
    const deadline = before.ofertas[0]!.vence;
    expect(before.ofertas.every((o) => o.vence === deadline && o.estado === 'ofrecida')).toBe(true);
    time.advance(Date.parse(deadline) - time.clock().getTime());
    // Nothing is read meanwhile: the job stores the expiries and the offers they cause.
    const stored = await esperar(async () => {
      const ofertas = await t.app.ctx.db.selectFrom('plaza_ofertas').selectAll().execute();
      return ofertas.length > before.ofertas.length && ofertas;
    });
    await login();
    const after = await estado();
    expect(after.ofertas.filter((o) => o.origen === 'titular').map((o) => o.estado)).toEqual(Array(4).fill('vencida'));
    const promoted = after.ofertas.filter((o) => o.origen === 'suplente');
    expect(promoted).toHaveLength(4);
    expect(stored).toHaveLength(8);
    for (const o of promoted) expect(o).toMatchObject({ estado: 'ofrecida', ofrecidaEn: deadline });
    expect((await promovidos(t.app, sorteoId)).sort()).toEqual(promoted.map((o) => o.numeroInscripcion).sort());
    // The expiry is in the public register like any other step, then the offers it caused.
    const registro = await publico();
    const vencimientos = registro.entradas.filter((e) => e.tipo === 'vencimiento');
    expect(vencimientos).toHaveLength(4);
    expect(vencimientos.every((e) => e.en === deadline)).toBe(true);
    const ofertas = registro.entradas.filter((e) => e.tipo === 'oferta' && e.origen === 'suplente');
    expect(ofertas.map((e) => e.en)).toEqual(Array(4).fill(deadline));
  });

  describe('an administrator changes one offer deadline', () => {
    let abierta: TPlazasEstado['ofertas'][number];
    let vence: string;
    const put = (who: Who, id: string, body: object) => inject(who, 'PUT', `/api/plazas/${id}/plazo`, body);

    beforeAll(async () => {
      await login();
      abierta = (await estado()).ofertas.find((o) => o.estado === 'ofrecida')!;
      vence = new Date(Date.parse(abierta.vence) + 3 * DAY).toISOString();
    });

    it.each([
      ['none', 401],
      ['visitado', 403],
      ['voluntario', 403],
    ] as const)('refuses %s (%i), changing nothing', async (who, status) => {
      const events = await t.app.ctx.db.selectFrom('plaza_eventos').selectAll().execute();
      expect((await put(who, abierta.id, { vence, motivo: 'Pidieron más tiempo' })).statusCode).toBe(status);
      expect(await t.app.ctx.db.selectFrom('plaza_eventos').selectAll().execute()).toEqual(events);
    });

    it('refuses a missing reason, a past or invalid date, an unknown offer and a closed one', async () => {
      const motivo = 'Pidieron más tiempo';
      const sinMotivo = await put('administrador', abierta.id, { vence });
      expect(sinMotivo.statusCode).toBe(400);
      expect((await put('administrador', abierta.id, { vence, motivo: '  ' })).statusCode).toBe(400);
      expect((await put('administrador', abierta.id, { vence: 'mañana', motivo })).statusCode).toBe(400);
      const pasado = await put('administrador', abierta.id, { vence: time.clock().toISOString(), motivo });
      expect(pasado.statusCode).toBe(400);
      expect(pasado.json().message).toBe(PLAZA_MSG.plazoPasado);
      const ninguna = await put('administrador', '0190a000-0000-7000-8000-000000000000', { vence, motivo });
      expect(ninguna.statusCode).toBe(404);
      const vencida = (await estado()).ofertas.find((o) => o.estado === 'vencida')!;
      const cerrada = await put('administrador', vencida.id, { vence, motivo });
      expect(cerrada.statusCode).toBe(409);
      expect(cerrada.json().message).toBe(PLAZA_MSG.ofertaCerrada);
      expect(await t.app.ctx.db.selectFrom('plaza_eventos').selectAll().execute()).toEqual([]);
    });

    it('gives the offer the new deadline, in the public register, and both verifiers accept it', async () => {
      const res = await put('administrador', abierta.id, { vence, motivo: 'La familia está de viaje' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: abierta.id, estado: 'ofrecida', vence, ofrecidaEn: abierta.ofrecidaEn });
      expect((await estado()).ofertas.find((o) => o.id === abierta.id)!.vence).toBe(vence);

      const registro = await publico();
      const cambio = registro.entradas.find((e) => e.tipo === 'vence');
      expect(cambio).toMatchObject({ numero: abierta.numeroInscripcion, vence, en: time.clock().toISOString() });
      expect(JSON.stringify(registro)).not.toContain('viaje');
      const actaPublica: TActaPublica = (
        await t.app.inject({ method: 'GET', url: `/api/sorteo/actas/${sorteoId}/acta-publica.json` })
      ).json();
      expect(verificarRegistroPublico(registro, actaPublica)).toMatchObject({ ok: true });
      const staff = (await inject('administrador', 'GET', '/api/plazas/registro.json')).json();
      const acta: TActa = (await inject('administrador', 'GET', `/api/sorteo/actas/${sorteoId}/acta.json`)).json();
      expect(verificarRegistro(staff, acta)).toMatchObject({ ok: true });

      // npm run sorteo:verificar -- acta-publica.json --plazas registro-publico.json
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plazo-verificar-'));
      fs.writeFileSync(path.join(dir, 'acta-publica.json'), JSON.stringify(actaPublica));
      fs.writeFileSync(path.join(dir, 'registro-publico.json'), JSON.stringify(registro));
      const run = spawnSync(
        process.execPath,
        [CLI, path.join(dir, 'acta-publica.json'), '--plazas', path.join(dir, 'registro-publico.json')],
        { encoding: 'utf8' },
      );
      fs.rmSync(dir, { recursive: true, force: true });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      // An entry that moved the deadline elsewhere does not verify.
      const forged = structuredClone(registro);
      const i = forged.entradas.findIndex((e) => e.tipo === 'vence');
      (forged.entradas[i] as { numero: number }).numero = 999_999;
      expect(verificarRegistroPublico(forged, actaPublica)).toMatchObject({ ok: false });
    });

    it('expires the offer at its new deadline, not the old one', async () => {
      time.advance(Date.parse(abierta.vence) - time.clock().getTime() + 1);
      await pausa(INTERVALO_MS * 8);
      await login();
      expect((await estado()).ofertas.find((o) => o.id === abierta.id)!.estado).toBe('ofrecida');
      time.advance(Date.parse(vence) - time.clock().getTime());
      await login();
      await esperar(async () => (await estado()).ofertas.find((o) => o.id === abierta.id)!.estado === 'vencida');
    });
  });
});

/** Each place passed on is audited once (its `crear` entry): the numbers offered, one per audit entry. */
async function promovidos(app: FastifyInstance, sorteoId: string): Promise<number[]> {
  const rows = await app.ctx.db
    .selectFrom('auditoria')
    .select('cambios')
    .where('inscripto_id', '=', `plazas:${sorteoId}`)
    .where('accion', '=', 'crear')
    .execute();
  return rows.map(
    (r) => (JSON.parse(r.cambios) as { corrimiento: { despues: { numero: number } } }).corrimiento.despues.numero,
  );
}

/** Two instances on one database, each with its job and a raffle whose titulares' deadline has just passed. */
async function dosInstancias(dialect: (typeof DIALECTS)[number], intervaloMs: number) {
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const t = await buildTestApp(dialect, { clock: time.clock, vencimientos: { intervaloMs } });
  const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  await insertFamilies(t.app.ctx.db, time.clock(), [
    ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
    ...Array.from({ length: 4 }, (_, i) => lone('M', i)),
  ]);
  const sorteoId = await runRaffle(t.app, token, { nenas: 2, varones: 2 });
  const otra = await t.reopen();
  // Each job's first run, at its start, finds nothing due: let it end before the deadline passes.
  await pausa(300);
  const vence = (await t.app.ctx.db.selectFrom('plaza_ofertas').select('vence').executeTakeFirstOrThrow()).vence;
  time.advance(Date.parse(vence) - time.clock().getTime());
  const ofertas = async () => (await t.app.ctx.db.selectFrom('plaza_ofertas').select('numero').execute()).length;
  return { t, otra, sorteoId, ofertas };
}

describe.each(DIALECTS)('two instances advancing one season on %s', (dialect) => {
  it('stores the expiries and the offers they cause once when both find them due at once', async () => {
    // The jobs wait an hour here: the two instances' commands are run step by step. (Two SQLite connections in one
    // process cannot wait for each other's write transaction: its busy wait blocks the event loop both need.)
    const { t, otra, sorteoId, ofertas } = await dosInstancias(dialect, 3_600_000);
    try {
      const [a, b] = [createRuntime(), createRuntime()];
      const leidoA = await leerAvance(t.app.ctx, a);
      const leidoB = await leerAvance(otra.ctx, b);
      expect(leidoA).toMatchObject({ iniciada: true, hasta: leidoB!.hasta });
      expect(leidoB).toMatchObject({ iniciada: true, desde: (leidoA as { desde: string }).desde });
      const guardado = await guardarAvance(t.app.ctx, a, leidoA as Parameters<typeof guardarAvance>[2]);
      expect(guardado!.cambios.filter((c) => c.causa === 'plazo')).toHaveLength(4);
      expect(await guardarAvance(otra.ctx, b, leidoB as Parameters<typeof guardarAvance>[2])).toBeNull();
      // Found due again by either: nothing is due any more.
      expect(await avanzarTemporada(otra.ctx, b)).toMatchObject({ cambios: [] });
      expect(await ofertas()).toBe(8);
      const numeros = await promovidos(t.app, sorteoId);
      expect(numeros).toHaveLength(4);
      expect(new Set(numeros).size).toBe(4);
    } finally {
      await otra.close();
      await t.close();
    }
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('two instances, both jobs running, on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('expires each offer once, whichever job gets there first', async () => {
    const { t, otra, sorteoId, ofertas } = await dosInstancias('postgres', INTERVALO_MS);
    try {
      // Two more calls of the command at the same moment as both jobs.
      const directas = await Promise.all([
        avanzarTemporada(t.app.ctx, createRuntime()),
        avanzarTemporada(otra.ctx, createRuntime()),
      ]);
      expect(directas.filter((d) => d && d.cambios.length > 0).length).toBeLessThanOrEqual(1);
      await esperar(async () => (await ofertas()) === 8);
      await pausa(INTERVALO_MS * 8);
      expect(await ofertas()).toBe(8);
      const numeros = await promovidos(t.app, sorteoId);
      expect(numeros).toHaveLength(4);
      expect(new Set(numeros).size).toBe(4);
    } finally {
      await otra.close();
      await t.close();
    }
  }, 60_000);
});
