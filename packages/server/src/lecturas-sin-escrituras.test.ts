import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from './test/helper.ts';
import { insertFamilies } from './test/sorteo-test-data.ts';
import { runRaffle } from './test/plazas-test-data.ts';

/**
 * Reads only read (docs/decisions/0032): every GET of the API, public and staff, and the families' status page,
 * change no row of any table, even while an offer's deadline has passed and the season waits to be advanced
 * (reads used to store the expiries and offers then). The tables left out write on purpose on a read: the access
 * log records who read children's data (decision 0016), the rate limits count the status page's lookups, and
 * sessions are what signing in writes.
 */
const DAY = 24 * 60 * 60 * 1000;
const POR_DISENO = ['accesos', 'rate_limits'];
/** Event streams never end: what they send is what GET /api/plazas/tablero and /api/sorteo/status answer. */
const STREAMS = ['/api/plazas/eventos', '/api/sorteo/eventos'];

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    { nombre1: `Lee${sexo}${i}`, apellido1: `Sin${i}`, apellido2: 'Escribir', sexo, tieneHermanosPrimaria: false },
  ],
});

/** Every table's rows as text, by table (the tables written on purpose left out). */
async function tablas(t: TestApp, dialect: (typeof DIALECTS)[number]): Promise<Map<string, string>> {
  const db = t.app.ctx.db;
  // PostgreSQL lists every schema's tables: only this test's own.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
      : undefined;
  const all = (await db.introspection.getTables()).filter(
    (table) => !POR_DISENO.includes(table.name) && (schema === undefined || table.schema === schema),
  );
  const dumps = await Promise.all(
    all.map(async (table) => {
      const rows = (await sql`select * from ${sql.table(table.name)}`.execute(db)).rows.map((r) => JSON.stringify(r));
      return [table.name, rows.sort().join('\n')] as const;
    }),
  );
  return new Map(dumps);
}

/** Calls every GET of the OpenAPI document with each of `sessions`; fails on a 5xx; returns the URLs that answered 200. */
async function getAll(t: TestApp, sessions: Record<string, string>[], ids: { sorteo: string; inscripto: string }) {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const urls = Object.entries(doc.paths)
    .filter(([path, ops]) => 'get' in ops && !STREAMS.includes(path))
    .map(([path]) =>
      path
        .replace('{nombre}', 'registro-publico')
        .replace('{id}', path.startsWith('/api/sorteo/actas/') ? ids.sorteo : ids.inscripto),
    );
  expect(urls).toEqual(expect.arrayContaining(['/api/plazas', '/api/plazas/tablero', '/api/panel']));
  const answered: string[] = [];
  for (const url of urls) {
    for (const headers of sessions) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode >= 500) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      if (res.statusCode === 200) answered.push(url);
    }
  }
  return answered;
}

const cambiadas = (antes: Map<string, string>, despues: Map<string, string>) =>
  [...antes.keys()].filter((name) => antes.get(name) !== despues.get(name));

describe.each(DIALECTS)('GETs write nothing (%s)', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const tok: Record<'administrador' | 'visitado', string> = { administrador: '', visitado: '' };
  let sorteoId = '';
  let inscriptoId = '';
  let consulta = { numeroInscripcion: 0, codigo: '' };

  beforeAll(async () => {
    // The season's job waits an hour here: nothing but the reads below could write.
    t = await buildTestApp(dialect, { clock: time.clock, vencimientos: { intervaloMs: 3_600_000 } });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const rows = await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 4 }, (_, i) => lone('M', i)),
    ]);
    sorteoId = await runRaffle(t.app, tok.administrador, { nenas: 2, varones: 2 });
    const auth = { headers: bearer(tok.administrador) };
    const estado: TPlazasEstado = (await t.app.inject({ method: 'GET', url: '/api/plazas', ...auth })).json();
    const oferta = estado.ofertas[0]!;
    await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${oferta.id}/respuesta`,
      payload: { respuesta: 'rechazada', motivo: 'Eligieron otra escuela' },
      ...auth,
    });
    const row = rows.find((r) => r.numero_inscripcion === oferta.numeroInscripcion)!;
    inscriptoId = row.id as string;
    const codigo = await t.app.inject({ method: 'POST', url: `/api/inscriptos/${inscriptoId}/codigo-estado`, ...auth });
    consulta = { numeroInscripcion: oferta.numeroInscripcion, codigo: codigo.json().codigo };
    // The titulares' deadline passes: the season has expiries and offers due that nobody stored yet.
    time.advance(8 * DAY);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
  }, 60_000);
  afterAll(() => t.close());

  it('every GET, as administrator, as guest and without a session, and the status page, change no row', async () => {
    const antes = await tablas(t, dialect);
    const sessions = [bearer(tok.administrador), bearer(tok.visitado), {}];
    const answered = await getAll(t, sessions, { sorteo: sorteoId, inscripto: inscriptoId });
    const estado = await t.app.inject({ method: 'POST', url: '/api/estado', payload: consulta });
    expect(estado.statusCode, estado.body).toBe(200);
    expect(cambiadas(antes, await tablas(t, dialect))).toEqual([]);
    // The reads showed the season as stored: the deadline passed, the offers are still open until it is advanced.
    for (const url of ['/api/plazas', '/api/plazas/registro-publico.json', '/api/panel', '/api/sorteo/actas']) {
      expect(answered, url).toContain(url);
    }
  }, 180_000);

  it('an acta not stored, or its PDF emptied by an older anonymisation, is made on each download, the same', async () => {
    const db = t.app.ctx.db;
    const acta = `/api/sorteo/actas/${sorteoId}`;
    const twice = async (url: string) => {
      const first = await t.app.inject({ method: 'GET', url, headers: bearer(tok.administrador) });
      const second = await t.app.inject({ method: 'GET', url, headers: bearer(tok.administrador) });
      expect(first.statusCode, `${url} ${first.body}`).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload), url).toBe(true);
      return first.rawPayload;
    };
    const stored = await db.selectFrom('sorteo_actas').selectAll().executeTakeFirstOrThrow();
    await db.updateTable('sorteo_actas').set({ acta_pdf: '' }).execute();
    let antes = await tablas(t, dialect);
    expect((await twice(`${acta}/acta.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(cambiadas(antes, await tablas(t, dialect))).toEqual([]);
    // A raffle closed before the actas were stored (migration 0013).
    await db.deleteFrom('sorteo_actas').execute();
    antes = await tablas(t, dialect);
    expect((await twice(`${acta}/acta.json`)).toString()).toBe(stored.acta_json);
    expect((await twice(`${acta}/acta.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await twice(`${acta}/acta-publica.json`)).toString()).toBe(stored.acta_publica_json);
    // The results' Excel was never stored: it is written on each download, as always.
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${acta}/resultados.xlsx`,
      headers: bearer(tok.administrador),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(cambiadas(antes, await tablas(t, dialect))).toEqual([]);
  }, 60_000);
});

describe.each(DIALECTS)('GETs write nothing while a raffle runs (%s)', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string> = {};
  let inscriptoId = '';
  const post = async (url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json();
  };
  const sessions = () => [admin, {}];
  /** Every GET, before the plan is fixed and after, changes no row; the reads ask for the running raffle. */
  const sinEscrituras = async () => {
    const antes = await tablas(t, dialect);
    const answered = await getAll(t, sessions(), { sorteo: 'ninguno', inscripto: inscriptoId });
    expect(cambiadas(antes, await tablas(t, dialect))).toEqual([]);
    for (const url of ['/api/sorteo/status', '/api/sorteo/participants', '/api/sorteo/preflight']) {
      expect(answered, url).toContain(url);
    }
    expect(answered).toContain('/api/sorteo/lista-participantes.pdf');
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { vencimientos: { intervaloMs: 3_600_000 } });
    admin = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const rows = await insertFamilies(t.app.ctx.db, new Date(), [
      ...Array.from({ length: 3 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 3 }, (_, i) => lone('M', i)),
    ]);
    inscriptoId = rows[0]!.id as string;
  }, 60_000);
  afterAll(() => t.close());

  it('before the public value, before the first draw is shown and after one is confirmed', async () => {
    await post('/api/sorteo/start', {
      plazasNenas: 1,
      plazasVarones: 1,
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    await sinEscrituras();
    await post('/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
    // The plan is not fixed by reading: the public value can still be corrected.
    await sinEscrituras();
    await post('/api/sorteo/valor-publico', { valor: '1 2 3', origen: 'Dados lanzados otra vez' });
    const next = await post('/api/sorteo/next');
    await sinEscrituras();
    await post('/api/sorteo/confirm', { participante: next.participante, index: next.index });
    await sinEscrituras();
  }, 180_000);
});
