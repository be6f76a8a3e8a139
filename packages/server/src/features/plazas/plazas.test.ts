import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { type TPlazaOferta, type TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { verificarRegistro } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import { avanzarTemporada } from '../../domain/sorteos/temporada-avance.ts';
import { createRuntime } from '../../domain/sorteos/temporada.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const DAY = 24 * 60 * 60 * 1000;
const CLI = path.join(import.meta.dirname, '../../cli/sorteo/verify-cli.ts');

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    {
      nombre1: `Plaza${sexo}${i}`,
      nombre2: undefined,
      apellido1: `Familia${i}`,
      apellido2: 'Prueba',
      sexo,
      tieneHermanosPrimaria: false,
    },
  ],
});

describe.each(DIALECTS)('plazas after the raffle on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const inject = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'none' ? {} : bearer(tok[who]!), ...(payload ? { payload } : {}) });
  const ok = async (who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await inject(who, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const estado = (): Promise<TPlazasEstado> => ok('administrador', 'GET', '/api/plazas');
  const responder = (who: Who, id: string, body: object) => inject(who, 'POST', `/api/plazas/${id}/respuesta`, body);
  const abiertas = (e: TPlazasEstado, lista: 'nenas' | 'varones') =>
    e.ofertas.filter((o) => o.lista === lista && o.estado === 'ofrecida');
  const eventCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('plaza_eventos')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let sorteoId: string;
  let vol: { username: string; password: string };
  const login = async () => {
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  };
  /** Days pass: sessions expire meanwhile, so everyone signs in again. */
  const advance = async (ms: number) => {
    time.advance(ms);
    await login();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    await login();
    await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 8 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 8 }, (_, i) => lone('M', i)),
    ]);
  }, 60_000);
  afterAll(() => t.close());

  it('has nothing to offer before the raffle ends', async () => {
    expect((await estado()).sorteo).toBeNull();
    expect((await ok('none', 'GET', '/api/plazas/tablero')).activo).toBe(false);
    const res = await inject('administrador', 'GET', '/api/plazas/adenda.pdf');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PLAZA_MSG.sinSorteo);
    sorteoId = await runRaffle(t.app, tok.administrador!, { nenas: 3, varones: 3 });
  }, 60_000);

  it('offers every titular a place with the cycle deadline (7 days)', async () => {
    const e = await estado();
    expect(e.sorteo).toMatchObject({ id: sorteoId, plazoDias: 7 });
    expect(e.listas).toEqual({
      nenas: { plazas: 3, aceptadas: 0, ofrecidas: 3, libres: 0 },
      varones: { plazas: 3, aceptadas: 0, ofrecidas: 3, libres: 0 },
    });
    expect(e.ofertas).toHaveLength(6);
    for (const o of e.ofertas) {
      expect(o).toMatchObject({ estado: 'ofrecida', origen: 'titular', ofrecidaEn: e.sorteo!.publicadoEn });
      expect(Date.parse(o.vence) - Date.parse(o.ofrecidaEn)).toBe(7 * DAY);
      expect(o.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(e.cola.nenas.map((c) => c.posicionActual)).toEqual([1, 2, 3, 4, 5]);
    expect(e.cola.varones.map((c) => c.posicionPublicada)).toEqual([1, 2, 3, 4, 5]);
  });

  describe('who may do what', () => {
    it.each([
      ['none', 401],
      ['visitado', 200],
      ['voluntario', 200],
      ['administrador', 200],
    ] as const)('GET /api/plazas as %s: %i', async (who, status) => {
      expect((await inject(who, 'GET', '/api/plazas')).statusCode).toBe(status);
    });

    it.each([
      ['none', 401],
      ['visitado', 403],
    ] as const)('refuses answers to %s (%i), storing nothing', async (who, status) => {
      const id = (await estado()).ofertas[0]!.id;
      const res = await responder(who, id, { respuesta: 'aceptada' });
      expect(res.statusCode).toBe(status);
      expect(await eventCount()).toBe(0);
    });

    it.each([
      ['none', 401],
      ['visitado', 403],
      ['voluntario', 403],
      ['administrador', 200],
    ] as const)('exports (adenda, roster, suplentes, log) as %s: %i', async (who, status) => {
      for (const url of [
        '/api/plazas/adenda.pdf',
        '/api/plazas/nomina.pdf',
        '/api/plazas/nomina.xlsx',
        '/api/plazas/suplentes.pdf',
        '/api/plazas/suplentes.xlsx',
        '/api/plazas/registro.json',
      ]) {
        expect((await inject(who, 'GET', url)).statusCode, url).toBe(status);
      }
    });

    it('shows the public board to anyone', async () => {
      const board = await ok('none', 'GET', '/api/plazas/tablero');
      expect(board).toMatchObject({ activo: true, libres: 0 });
      expect(board.listas.nenas.titulares).toHaveLength(3);
      expect(board.listas.nenas.suplentes.map((s: { posicion: number }) => s.posicion)).toEqual([1, 2, 3, 4, 5]);
    });
  });

  it('refuses bad answers with a message and stores nothing', async () => {
    const id = (await estado()).ofertas[0]!.id;
    const sinMotivo = await responder('voluntario', id, { respuesta: 'rechazada' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe(PLAZA_MSG.motivoRechazo);
    expect((await responder('voluntario', id, { respuesta: 'quizás' })).statusCode).toBe(400);
    expect((await responder('voluntario', id, { respuesta: 'aceptada', motivo: 'a\u0000b' })).statusCode).toBe(400);
    const missing = await responder('voluntario', '0190a000-0000-7000-8000-000000000000', { respuesta: 'aceptada' });
    expect(missing.statusCode).toBe(404);
    expect(await eventCount()).toBe(0);
  });

  it('passes a declined place to the next suplente of the list, with its own deadline', async () => {
    await advance(DAY);
    const before = await estado();
    const offer = abiertas(before, 'nenas')[0]!;
    const first = before.cola.nenas[0]!;
    const res = await responder('voluntario', offer.id, { respuesta: 'rechazada', motivo: 'Se mudan a otro barrio' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: offer.id, estado: 'rechazada', repetida: false });

    const after = await estado();
    const promoted = after.ofertas.find((o) => o.numeroInscripcion === first.numeroInscripcion)!;
    expect(promoted).toMatchObject({ estado: 'ofrecida', origen: 'suplente', lista: 'nenas' });
    expect(promoted.ofrecidaEn).toBe(time.clock().toISOString());
    expect(Date.parse(promoted.vence)).toBe(time.clock().getTime() + 7 * DAY);
    expect(after.cola.nenas.map((c) => c.posicionActual)).toEqual([1, 2, 3, 4]);
    expect(after.cola.nenas[0]!.posicionPublicada).toBe(2);
    expect(after.listas.nenas).toEqual({ plazas: 3, aceptadas: 0, ofrecidas: 3, libres: 0 });
    const history = after.historial.filter((h) => h.numeroInscripcion === offer.numeroInscripcion);
    expect(history.map((h) => h.estado)).toEqual(['ofrecida', 'rechazada']);
    expect(history[1]).toMatchObject({ motivo: 'Se mudan a otro barrio', causa: 'respuesta' });

    // The guest is the public: the same screen with initials, without the reason typed nor who recorded it.
    const guest: TPlazasEstado = await ok('visitado', 'GET', '/api/plazas');
    expect(guest.listas).toEqual(after.listas);
    const guestHistory = guest.historial.filter((h) => h.numeroInscripcion === offer.numeroInscripcion);
    expect(guestHistory[1]).toMatchObject({ estado: 'rechazada', causa: 'respuesta' });
    expect(guestHistory[1]).not.toHaveProperty('motivo');
    expect(guestHistory[1]).not.toHaveProperty('registradoPor');
    const nombres = [...after.ofertas, ...after.cola.nenas, ...after.cola.varones].map((n) => n.nombreCompleto);
    const guestText = JSON.stringify(guest);
    for (const n of nombres) expect(guestText).not.toContain(n);
    expect(guest.ofertas.map((o) => o.nombreCompleto)).toEqual(after.ofertas.map((o) => iniciales(o.nombreCompleto)));

    // The same answer again (a double click, a second person): nothing new.
    const again = await responder('administrador', offer.id, { respuesta: 'rechazada', motivo: 'otra vez' });
    expect(again.json()).toMatchObject({ estado: 'rechazada', repetida: true });
    expect(await eventCount()).toBe(1);

    // The answer and the promotion are in the audit chain.
    const audit = await t.app.ctx.db
      .selectFrom('auditoria')
      .select(['accion', 'cambios'])
      .where('inscripto_id', '=', `plazas:${sorteoId}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(['editar', 'crear']);
    expect(audit[1]!.cambios).toContain(String(first.numeroInscripcion));
  });

  it('keeps a recorded answer unless a correction with a reason is asked for', async () => {
    const offer = abiertas(await estado(), 'varones')[0]!;
    expect((await responder('voluntario', offer.id, { respuesta: 'aceptada' })).json().estado).toBe('aceptada');
    const other = await responder('administrador', offer.id, { respuesta: 'rechazada', motivo: 'Desisten' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(PLAZA_MSG.yaRespondida('Aceptada'));
    const noReason = await responder('administrador', offer.id, { respuesta: 'rechazada', correccion: true });
    expect(noReason.statusCode).toBe(400);
    const fixed = await responder('administrador', offer.id, {
      respuesta: 'rechazada',
      correccion: true,
      motivo: 'La familia desistió después de aceptar',
    });
    expect(fixed.json()).toMatchObject({ estado: 'rechazada', repetida: false });
    const e = await estado();
    expect(e.historial.filter((h) => h.numeroInscripcion === offer.numeroInscripcion).map((h) => h.estado)).toEqual([
      'ofrecida',
      'aceptada',
      'rechazada',
    ]);
    // Its place went on: a late acceptance finds no free place and is refused with the rule's reason.
    const late = await responder('voluntario', offer.id, { respuesta: 'aceptada', correccion: true, motivo: 'Error' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('No hay plaza libre');
  });

  it('expires unanswered offers by the injected clock, when the season is advanced, and passes their places on', async () => {
    const before = await estado();
    const open = abiertas(before, 'nenas').filter((o) => o.origen === 'titular');
    expect(open.length).toBeGreaterThan(0);
    const deadline = open[0]!.vence;
    await advance(Date.parse(deadline) - time.clock().getTime() - 1);
    expect(abiertas(await estado(), 'nenas').map((o) => o.id)).toContain(open[0]!.id);
    await advance(1);
    // Reads only read: until the season is advanced (the background job does it within a minute), the offer
    // is shown as it was just before its deadline.
    expect(abiertas(await estado(), 'nenas').map((o) => o.id)).toContain(open[0]!.id);
    expect((await avanzarTemporada(t.app.ctx, createRuntime()))!.cambios.length).toBeGreaterThan(0);
    const after = await estado();
    expect(after.ofertas.find((o) => o.id === open[0]!.id)!.estado).toBe('vencida');
    const promoted = after.ofertas.filter((o) => o.origen === 'suplente' && o.ofrecidaEn === deadline);
    // Every place that expired then (both lists share the titulares' deadline) went to a suplente at once.
    const expired = before.ofertas.filter((o) => o.estado === 'ofrecida' && o.vence === deadline);
    expect(promoted.length).toBe(expired.length);
    expect(after.listas.nenas.ofrecidas + after.listas.nenas.aceptadas).toBe(3);
    expect(after.historial.some((h) => h.causa === 'plazo' && h.estado === 'vencida')).toBe(true);
  });

  it('gives each place once when staff answer at the same moment', async () => {
    // The same offer answered twice at once: one event, one answer.
    const e = await estado();
    const [a] = abiertas(e, 'nenas');
    const both = await Promise.all([
      responder('voluntario', a!.id, { respuesta: 'aceptada' }),
      responder('administrador', a!.id, { respuesta: 'aceptada' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().repetida).sort()).toEqual([false, true]);

    // Two places of one list freed at once: the next two suplentes, in order, none skipped, none twice.
    const [x, y] = abiertas(e, 'varones');
    const queue = e.cola.varones.map((c) => c.numeroInscripcion);
    const events = await eventCount();
    const freed = await Promise.all([
      responder('voluntario', x!.id, { respuesta: 'rechazada', motivo: 'No les queda cerca' }),
      responder('administrador', y!.id, { respuesta: 'rechazada', motivo: 'Eligieron otra escuela' }),
    ]);
    expect(freed.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await eventCount()).toBe(events + 2);
    const after = await estado();
    const offered = after.ofertas.filter((o) => o.lista === 'varones' && o.origen === 'suplente');
    expect(offered.slice(-2).map((o) => o.numeroInscripcion)).toEqual(queue.slice(0, 2));
    const holding = after.ofertas.filter((o) => o.estado === 'ofrecida' || o.estado === 'aceptada');
    expect(new Set(holding.map((o) => o.numeroInscripcion)).size).toBe(holding.length);
    expect(after.listas.varones.aceptadas + after.listas.varones.ofrecidas).toBeLessThanOrEqual(3);
  });

  it('gives offers made after a change of the cycle deadline the new days; earlier offers keep theirs', async () => {
    const before = await estado();
    const ciclo = (await ok('administrador', 'GET', '/api/ciclos')).items.find((c: { actual: boolean }) => c.actual);
    expect(ciclo.plazoOfertaDias).toBe(7);
    await advance(60_000);
    const put = await inject('administrador', 'PUT', `/api/ciclos/${ciclo.id}`, { plazoOfertaDias: 3 });
    expect(put.statusCode).toBe(200);
    const changed = await estado();
    expect(changed.sorteo!.plazoDias).toBe(3);
    // Nothing already offered moves.
    const shape = (e: TPlazasEstado) => e.ofertas.map((o) => [o.id, o.ofrecidaEn, o.vence]);
    expect(shape(changed)).toEqual(shape(before));
    await advance(60_000);
    const offer = abiertas(changed, 'nenas')[0]!;
    const next = changed.cola.nenas[0]!;
    const res = await responder('voluntario', offer.id, { respuesta: 'rechazada', motivo: 'Prefieren otro turno' });
    expect(res.statusCode).toBe(200);
    const after = await estado();
    const promoted = after.ofertas.find((o) => o.numeroInscripcion === next.numeroInscripcion)!;
    expect(promoted).toMatchObject({ estado: 'ofrecida', origen: 'suplente', ofrecidaEn: time.clock().toISOString() });
    expect(Date.parse(promoted.vence) - Date.parse(promoted.ofrecidaEn)).toBe(3 * DAY);
    expect(shape(after).filter(([id]) => shape(before).some(([b]) => b === id))).toEqual(shape(before));
    const adenda = await pdfText((await inject('administrador', 'GET', '/api/plazas/adenda.pdf')).rawPayload);
    expect(adenda).toContain('plazo de cada oferta: 7 días; 3 días desde el');
  });

  it('writes the adenda, the roster and the suplentes list, and the log the verifier accepts', async () => {
    const adenda = await inject('administrador', 'GET', '/api/plazas/adenda.pdf');
    expect(adenda.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(adenda.rawPayload);
    expect(text).toContain('Adenda al acta');
    expect(text).toContain('Se mudan a otro barrio');
    expect(text).toContain('La familia desistió después de aceptar');
    expect(text).toContain('Venció el plazo');

    const e = await estado();
    const accepted = e.ofertas.find((o) => o.estado === 'aceptada') as TPlazaOferta;
    const nomina = await inject('administrador', 'GET', '/api/plazas/nomina.xlsx');
    const book = XLSX.read(nomina.rawPayload);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets['Ingresos nenas']!);
    expect(rows.map((r) => r['Niño o niña'])).toContain(accepted.nombreCompleto);
    expect(rows[0]!['Adulto responsable']).toBeTruthy();
    const supl = await pdfText((await inject('administrador', 'GET', '/api/plazas/suplentes.pdf')).rawPayload);
    expect(supl).toContain(e.cola.nenas[0]!.nombreCompleto);

    const registro = await ok('administrador', 'GET', '/api/plazas/registro.json');
    const acta: TActa = await ok('administrador', 'GET', `/api/sorteo/actas/${sorteoId}/acta.json`);
    expect(verificarRegistro(registro, acta)).toMatchObject({ ok: true, eventos: await eventCount() });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plazas-verify-'));
    fs.writeFileSync(path.join(dir, 'acta.json'), JSON.stringify(acta));
    fs.writeFileSync(path.join(dir, 'registro.json'), JSON.stringify(registro));
    const run = (file: string) =>
      spawnSync(process.execPath, [CLI, path.join(dir, 'acta.json'), '--plazas', path.join(dir, file)], {
        encoding: 'utf8',
      });
    const good = run('registro.json');
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('Plazas verificadas');
    // A log where a suplente was skipped (an offer moved to someone else) is caught.
    const forged = structuredClone(registro);
    const promoted = forged.ofertas.find((o: { origen: string }) => o.origen === 'suplente');
    promoted.numero = e.cola.nenas.at(-1)!.numeroInscripcion;
    fs.writeFileSync(path.join(dir, 'forjado.json'), JSON.stringify(forged));
    const bad = run('forjado.json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Plazas NO verificadas');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
