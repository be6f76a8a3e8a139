import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TEstadoFamilia } from '@inscripciones/shared/estado/estado-schema.ts';
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

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const WHO: Who[] = ['none', 'visitado', 'voluntario', 'administrador'];
const DAY = 24 * 60 * 60 * 1000;

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    { nombre1: `Temporada${sexo}${i}`, nombre2: undefined, apellido1: `Familia${i}`, apellido2: 'Ciclo', sexo },
  ],
});

/**
 * A season lives until it is over (decision 0030): making the next cycle current, or closing the old one, while
 * its offers are open asks for confirmation naming them; Plazas and the families' status page keep the old
 * season, and an answer to one of its offers still lands there.
 */
describe.each(DIALECTS)('a season across cycles on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-11-20T13:00:00Z'));
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  let vol: { username: string; password: string };
  let ip = 0;
  const inject = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: who === 'none' ? {} : bearer(tok[who]!),
      ...(payload ? { payload } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const ok = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await inject(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const plazas = (query = ''): Promise<TPlazasEstado> => ok('administrador', 'GET', `/api/plazas${query}`);
  const consulta = (numeroInscripcion: number, codigo: string) =>
    inject('none', 'POST', '/api/estado', { numeroInscripcion, codigo }, `10.9.${++ip >> 8}.${ip & 255}`);
  const login = async () => {
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  };

  let viejo: { id: string; nombre: string };
  let nuevo: { id: string; nombre: string };
  let rows: Awaited<ReturnType<typeof insertFamilies>>;
  let codigo: string;
  let numero: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    await login();
    rows = await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 3 }, (_, i) => lone('M', i)),
    ]);
    numero = rows[0]!.numero_inscripcion!;
    codigo = (await ok('administrador', 'GET', `/api/inscriptos/${rows[0]!.id}/codigo-estado`)).codigo;
    await runRaffle(t.app, tok.administrador, { nenas: 2, varones: 1 });
    const ciclos = (await ok('administrador', 'GET', '/api/ciclos')).items as { id: string; nombre: string }[];
    viejo = ciclos[0]!;
    nuevo = await ok('administrador', 'POST', '/api/ciclos', {});
  }, 60_000);
  afterAll(() => t.close());

  it('opens Plazas on the current cycle while its season is open', async () => {
    const e = await plazas();
    expect(e.ciclo).toEqual({ id: viejo.id, nombre: viejo.nombre, actual: true, abierta: true });
    expect(e.ofertas.filter((o) => o.estado === 'ofrecida')).toHaveLength(3);
    expect(e.ciclos.map((c) => c.nombre)).toEqual([nuevo.nombre, viejo.nombre]);
  });

  it('asks before making another cycle current while offers are open: 409 naming how many, nothing changed', async () => {
    const res = await inject('administrador', 'PUT', `/api/ciclos/${nuevo.id}`, { actual: true });
    expect(res.statusCode).toBe(409);
    const message = CICLO_MSG.ofertasAbiertas('actual', viejo.nombre, 3, 4, nuevo.nombre);
    expect(res.json()).toEqual({ code: 'CONFIRMATION_REQUIRED', message, ofertasAbiertas: 3 });
    expect(message).toContain(`${viejo.nombre} tiene 3 ofertas de plaza abiertas y 4 suplentes en espera`);
    const ciclos = (await ok('administrador', 'GET', '/api/ciclos')).items as { id: string; actual: boolean }[];
    expect(ciclos.find((c) => c.actual)!.id).toBe(viejo.id);
    // Confirmed: the mark moves.
    const hecho = await ok('administrador', 'PUT', `/api/ciclos/${nuevo.id}`, {
      actual: true,
      confirmarOfertasAbiertas: true,
    });
    expect(hecho).toMatchObject({ id: nuevo.id, actual: true });
  });

  it('keeps Plazas on the old season, with a selector of both cycles', async () => {
    const e = await plazas();
    expect(e.ciclo).toEqual({ id: viejo.id, nombre: viejo.nombre, actual: false, abierta: true });
    expect(e.sorteo).not.toBeNull();
    expect(e.ofertas.filter((o) => o.estado === 'ofrecida')).toHaveLength(3);
    expect(e.ciclos).toEqual([
      { id: nuevo.id, nombre: nuevo.nombre, actual: true, abierta: false },
      { id: viejo.id, nombre: viejo.nombre, actual: false, abierta: true },
    ]);
    const delNuevo = await plazas(`?ciclo=${nuevo.id}`);
    expect(delNuevo.ciclo.id).toBe(nuevo.id);
    expect(delNuevo.sorteo).toBeNull();
    expect(delNuevo.ofertas).toEqual([]);
    expect((await plazas(`?ciclo=${viejo.id}`)).ciclo.id).toBe(viejo.id);
    const missing = await inject('administrador', 'GET', '/api/plazas?ciclo=0190a000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CICLO_MSG.notFound);
    const bad = await inject('administrador', 'GET', '/api/plazas?ciclo=2027');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El ciclo no es válido');
    // The old cycle's documents, by ?ciclo.
    expect((await inject('administrador', 'GET', `/api/plazas/suplentes.pdf?ciclo=${viejo.id}`)).statusCode).toBe(200);
  });

  it('records an answer to an offer of the old season', async () => {
    const oferta = (await plazas()).ofertas.find((o) => o.estado === 'ofrecida' && o.lista === 'varones')!;
    const res = await inject('voluntario', 'POST', `/api/plazas/${oferta.id}/respuesta`, { respuesta: 'aceptada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: oferta.id, estado: 'aceptada', repetida: false });
    expect((await plazas()).listas.varones.aceptadas).toBe(1);
  });

  it('answers the families of the old cycle, told apart from the new cycle’s same number by the code', async () => {
    const [otro] = await insertFamilies(t.app.ctx.db, time.clock(), [lone('F', 9)], nuevo.id);
    await t.app.ctx.db
      .updateTable('inscriptos')
      .set({ numero_inscripcion: numero })
      .where('id', '=', otro!.id)
      .execute();
    const codigoNuevo = (await ok('administrador', 'GET', `/api/inscriptos/${otro!.id}/codigo-estado`)).codigo;
    const res = await consulta(numero, codigo);
    expect(res.statusCode, res.body).toBe(200);
    const viejoEstado = res.json() as TEstadoFamilia;
    expect(viejoEstado).toMatchObject({ numeroInscripcion: numero, ciclo: viejo.nombre, estado: 'sorteada' });
    expect(viejoEstado.sorteo.fecha).toMatch(/ de 2026$/);
    const delNuevo = (await consulta(numero, codigoNuevo)).json() as TEstadoFamilia;
    expect(delNuevo).toMatchObject({ ciclo: nuevo.nombre, estado: 'finalizada' });
    expect(delNuevo.sorteo.fecha).toMatch(/ de 2027$/);
  });

  it('asks before closing the old cycle with its offers open; closed, it still answers within retention', async () => {
    const res = await inject('administrador', 'PUT', `/api/ciclos/${viejo.id}`, { estado: 'cerrado' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      message: CICLO_MSG.ofertasAbiertas('cerrar', viejo.nombre, 2, 4, viejo.nombre),
      ofertasAbiertas: 2,
    });
    expect(res.json().message).toContain('Si lo cerrás');
    await ok('administrador', 'PUT', `/api/ciclos/${viejo.id}`, { estado: 'cerrado', confirmarOfertasAbiertas: true });
    expect((await consulta(numero, codigo)).statusCode).toBe(200);
    expect((await plazas()).ciclo.id).toBe(viejo.id);
    // The retention period (12 months by default) over: the season is no longer answered for.
    time.advance(366 * DAY);
    await login();
    const gone = await consulta(numero, codigo);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(ESTADO_MSG.noEncontrada);
    expect((await plazas()).ciclos.map((c) => c.id)).toEqual([nuevo.id]);
  });

  it('documents the query and the confirmation in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/plazas'].get.parameters.map((p: { name: string }) => p.name)).toContain('ciclo');
    const body = doc.paths['/api/ciclos/{id}'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toContain('confirmarOfertasAbiertas');
    const conflict = doc.paths['/api/ciclos/{id}'].put.responses['409'].content['application/json'].schema;
    expect(Object.keys(conflict.properties)).toContain('ofertasAbiertas');
  });

  describe('who may do what', () => {
    it.each(WHO.map((w) => [w, w === 'none' ? 401 : 200] as const))(
      'GET /api/plazas?ciclo as %s: %i',
      async (who, status) => {
        expect((await inject(who, 'GET', `/api/plazas?ciclo=${nuevo.id}`)).statusCode).toBe(status);
      },
    );
    it.each([
      ['none', 401],
      ['visitado', 403],
      ['voluntario', 403],
      ['administrador', 200],
    ] as const)('PUT /api/ciclos/{id} with the confirmation as %s: %i', async (who, status) => {
      const res = await inject(who, 'PUT', `/api/ciclos/${nuevo.id}`, { actual: true, confirmarOfertasAbiertas: true });
      expect(res.statusCode).toBe(status);
    });
  });
});
