import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { TPlazasEstado, TPlazasTablero } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { encadenar, type TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { verificarRegistroPublico } from '@inscripciones/shared/plazas/verificar-registro-publico.ts';
import type { TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import { avanzarTemporada } from '../../domain/sorteos/temporada-avance.ts';
import { createRuntime } from '../../domain/sorteos/temporada.ts';

/**
 * The season's roll-up, verifiable from public data alone. The public register carries numbers
 * and initials only; the CLI replays it against the public acta; a skipped, reordered or edited entry fails.
 */
const DAY = 24 * 60 * 60 * 1000;
const CLI = path.join(import.meta.dirname, '../../cli/sorteo/verify-cli.ts');
const MOTIVO = 'Se mudan a Paysandú por trabajo';

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    {
      nombre1: `Registro${sexo}${i}`,
      apellido1: `Publico${i}`,
      apellido2: 'Cadena',
      sexo,
      tieneHermanosPrimaria: false,
    },
  ],
});

describe.each(DIALECTS)('the public register of the places season on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  let token = '';
  let registro: TRegistroPublico;
  let acta: TActaPublica;
  let dir: string;
  const get = (url: string, auth = false) => t.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const run = (file: string, actaFile = 'acta-publica.json') =>
    spawnSync(process.execPath, [CLI, path.join(dir, actaFile), '--plazas', path.join(dir, file)], {
      encoding: 'utf8',
    });
  const write = (file: string, doc: unknown) => fs.writeFileSync(path.join(dir, file), JSON.stringify(doc));

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 6 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 6 }, (_, i) => lone('M', i)),
    ]);
    expect((await get('/api/plazas/registro-publico.json')).statusCode).toBe(404);
    const sorteoId = await runRaffle(t.app, token, { nenas: 2, varones: 2 });
    // A season with every kind of entry: a decline with its reason, an acceptance, a deadline change, expiries.
    time.advance(60_000);
    let e: TPlazasEstado = await call('GET', '/api/plazas');
    const [primera, segunda] = e.ofertas.filter((o) => o.lista === 'nenas');
    await call('POST', `/api/plazas/${primera!.id}/respuesta`, { respuesta: 'rechazada', motivo: MOTIVO });
    await call('POST', `/api/plazas/${segunda!.id}/respuesta`, { respuesta: 'aceptada' });
    const ciclo = (await call('GET', '/api/ciclos')).items.find((c: { actual: boolean }) => c.actual);
    time.advance(60_000);
    await call('PUT', `/api/ciclos/${ciclo.id}`, { plazoOfertaDias: 3 });
    time.advance(8 * DAY);
    // The deadlines passed: the season is advanced (the background job's command), not by a read.
    await avanzarTemporada(t.app.ctx, createRuntime());
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    e = await call('GET', '/api/plazas');
    expect(e.historial.some((c) => c.causa === 'plazo')).toBe(true);
    const abierta = e.ofertas.find((o) => o.estado === 'ofrecida')!;
    await call('POST', `/api/plazas/${abierta.id}/respuesta`, { respuesta: 'rechazada', motivo: MOTIVO });
    const res = await get('/api/plazas/registro-publico.json');
    expect(res.statusCode).toBe(200);
    registro = res.json();
    acta = (await get(`/api/sorteo/actas/${sorteoId}/acta-publica.json`)).json();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registro-publico-'));
    write('acta-publica.json', acta);
    write('acta.json', await call('GET', `/api/sorteo/actas/${sorteoId}/acta.json`));
    write('registro-publico.json', registro);
  }, 120_000);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('has every kind of entry, numbers and initials only: no name, CI, username or reason', async () => {
    const tipos = new Set(registro.entradas.map((e) => e.tipo));
    expect([...tipos].sort()).toEqual(['oferta', 'plazo', 'publicacion', 'respuesta', 'vencimiento']);
    const text = JSON.stringify(registro);
    for (const secret of ['Registro', 'Publico', 'Cadena', 'Paysandú', ADMIN.username]) {
      expect(text).not.toContain(secret);
    }
    const cis = await t.app.ctx.db.selectFrom('inscriptos').select('ci').execute();
    expect(cis.length).toBeGreaterThan(0);
    for (const { ci } of cis) if (ci) expect(text).not.toContain(ci);
    const oferta = registro.entradas.find((e) => e.tipo === 'oferta')!;
    expect(oferta).toMatchObject({ iniciales: expect.stringMatching(/^R\. (\S+ )?P\. C\.$/) });
  });

  it("the public board shows each offer's history: offered at, answered at, and how", async () => {
    const tablero: TPlazasTablero = (await get('/api/plazas/tablero')).json();
    expect(tablero.sorteoId).toBe(acta.id);
    const ofertas = registro.entradas.filter((e) => e.tipo === 'oferta');
    expect(tablero.ofertas).toHaveLength(ofertas.length);
    const vistas = tablero.ofertas.map((o) => o.respondida && `${o.respondida.estado}/${o.respondida.causa}`);
    expect(vistas).toContain('rechazada/respuesta');
    expect(vistas).toContain('aceptada/respuesta');
    expect(vistas).toContain('vencida/plazo');
    expect(vistas).toContain(null);
    const rechazada = tablero.ofertas.find((o) => o.respondida?.estado === 'rechazada')!;
    const respuesta = registro.entradas.find((e) => e.tipo === 'respuesta' && e.numero === rechazada.numeroInscripcion);
    expect(rechazada.respondida!.en).toBe(respuesta!.en);
    expect(JSON.stringify(tablero)).not.toMatch(/Registro|Publico|Cadena|Paysandú/);
  });

  it('validates against its JSON Schema, served without login and named by $schema', async () => {
    const schema = (await get('/api/sorteo/esquemas/registro-publico.json')).json();
    expect(registro.$schema).toBe('/api/sorteo/esquemas/registro-publico.json');
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    expect(validate(registro), JSON.stringify(validate.errors)).toBe(true);
  });

  it('verifies with the CLI from the public acta alone, and with the staff acta', () => {
    for (const actaFile of ['acta-publica.json', 'acta.json']) {
      const good = run('registro-publico.json', actaFile);
      expect(good.stderr).toBe('');
      expect(good.status).toBe(0);
      expect(good.stdout).toMatch(/Plazas verificadas: 3 respuestas, \d+ ofertas \([1-9]\d* por corrimiento\)/);
    }
  });

  it("the publication is the acta's close: a register moved in time fails", () => {
    expect(registro.entradas[0]!.en).toBe(acta.cerradoEn);
    const entradas = registro.entradas.map(({ hash: _h, ...e }) => e);
    entradas[0]!.en = new Date(Date.parse(acta.cerradoEn) - 60_000).toISOString();
    const r = verificarRegistroPublico({ ...registro, entradas: encadenar(entradas) }, acta);
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('no es el cierre del acta') });
  });

  const fails = (doc: unknown, message: string | RegExp) => {
    write('malo.json', doc);
    const bad = run('malo.json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(message);
  };

  it('a skipped entry fails', () => {
    const forged = structuredClone(registro);
    forged.entradas.splice(3, 1);
    fails(forged, 'Plazas NO verificadas: Falta la entrada N° 4 del registro: después de la 3 viene la 5.');
  });

  it('a reordered entry fails', () => {
    const forged = structuredClone(registro);
    const [a, b] = forged.entradas.splice(2, 2);
    forged.entradas.splice(2, 0, b!, a!);
    fails(forged, 'Plazas NO verificadas: La entrada N° 3 está fuera de orden: aparece en el lugar 4 del registro.');
  });

  it('an edited entry fails', () => {
    const forged = structuredClone(registro);
    const respuesta = forged.entradas.find((e) => e.tipo === 'respuesta')!;
    if (respuesta.tipo === 'respuesta') respuesta.respuesta = 'aceptada';
    fails(forged, `La entrada N° ${respuesta.n} fue alterada o no sigue a la anterior`);
  });

  it('a chain rebuilt around a skipped suplente still fails: the offers do not follow the rules', () => {
    const entradas = registro.entradas.map(({ hash: _h, ...e }) => e);
    const i = entradas.findIndex((e) => e.tipo === 'oferta' && e.origen === 'suplente');
    const skipped = entradas[i]!;
    if (skipped.tipo === 'oferta') skipped.numero = acta.suplentes[skipped.lista].at(-1)!.numeroInscripcion;
    const forged = { ...registro, entradas: encadenar(entradas) };
    const r = verificarRegistroPublico(forged, acta);
    expect(r).toMatchObject({
      ok: false,
      error: expect.stringContaining(`La entrada N° ${i + 1} no sigue las reglas`),
    });
    fails(forged, `La entrada N° ${i + 1} no sigue las reglas del corrimiento`);
  });
});
