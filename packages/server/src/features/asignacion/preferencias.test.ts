import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NORTE } from '../../test/red-fixtures.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';

/* The schools a family ranks (docs/decisions/0039): stored with the enrolment, checked against the network. */

describe.each(DIALECTS)('preferencias on %s', (dialect) => {
  let t: TestApp;
  let red: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    red = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/escuelas', headers: bearer(red), payload: NORTE });
  });
  afterAll(() => t?.close());

  const crear = (preferencias: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inscriptos?escuela=principal',
      headers: bearer(red),
      payload: { ...buildInscripto(new Date(), { ci: uniqueCi() }), preferencias },
    });

  it('GET /api/asignacion/opciones: the schools a family may rank and N, without a session; N follows the year', async () => {
    const sin = await t.app.inject({ url: '/api/asignacion/opciones' });
    expect(sin.statusCode).toBe(200);
    const { anio, maxPreferencias, escuelas } = sin.json();
    expect(maxPreferencias).toBe(5);
    expect(escuelas.map((e: { codigo: string }) => e.codigo)).toEqual(['principal', 'norte']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/red/asignacion/ciclos/${anio}`,
      headers: bearer(red),
      payload: { modo: 'red', maxPreferencias: 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.app.inject({ url: `/api/asignacion/opciones?anio=${anio}` })).json().maxPreferencias).toBe(2);
    expect((await t.app.inject({ url: '/api/asignacion/opciones?anio=dos' })).statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: `/api/red/asignacion/ciclos/${anio}`,
      headers: bearer(red),
      payload: { modo: 'escuela', maxPreferencias: 5 },
    });
  });

  it('stores the ranked schools, reads them back, keeps them when absent and clears them with []', async () => {
    const creada = await crear(['norte', 'principal']);
    expect(creada.statusCode).toBe(201);
    expect(creada.json().preferencias).toEqual(['norte', 'principal']);
    const { id, version, preferencias: _p, ...resto } = creada.json();
    const url = `/api/inscriptos/${id}?escuela=principal`;
    const leida = await t.app.inject({ url, headers: bearer(red) });
    expect(leida.json().preferencias).toEqual(['norte', 'principal']);
    const sin = await t.app.inject({ method: 'PUT', url, headers: bearer(red), payload: { ...resto, version } });
    expect(sin.json().preferencias).toEqual(['norte', 'principal']);
    const vacia = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(red),
      payload: { ...resto, version: version + 1, preferencias: [] },
    });
    expect(vacia.json().preferencias).toBeNull();
  });

  it.each([
    [['norte', 'norte'], 'más de una vez'],
    [['sur'], 'no es una escuela de la red'],
    [['norte', 'principal', 'a1', 'a2', 'a3', 'a4'], 'como máximo 5'],
    ['norte', 'lista'],
    [['Con Espacios'], 'código'],
  ])('400 for %j', async (preferencias, mensaje) => {
    const res = await crear(preferencias);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(mensaje);
    expect(JSON.stringify(res.json().errors ?? res.json().fields ?? res.json())).toContain('preferencias');
  });
});

describe.each(DIALECTS)('preferencias of an online application on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('the family ranks the network schools in its draft; a school outside the network is a 400', async () => {
    const creada = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: 'f@correo.uy' },
    });
    const { id, codigo } = creada.json();
    const guardar = (preferencias: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/solicitudes/${id}`,
        headers: { 'x-codigo-solicitud': codigo },
        payload: { nombre1: 'Ana', preferencias },
      });
    const ok = await guardar(['principal']);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().preferencias).toEqual(['principal']);
    const mala = await guardar(['principal', 'otra']);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toContain('otra no es una escuela de la red');
  });
});
