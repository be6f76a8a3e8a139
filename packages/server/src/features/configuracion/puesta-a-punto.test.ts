import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { DIRECCION_MSG } from '@inscripciones/shared/configuracion/direccion-publica.ts';
import { PUESTA_MSG, type TPuestaAPunto } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';
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

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const URL_CONTENIDO = '/api/configuracion/contenido';
const URL_PUESTA = '/api/configuracion/puesta-a-punto';

const lone = (i: number) => ({
  children: [
    { nombre1: `Puesta${i}`, nombre2: undefined, apellido1: 'Familia', apellido2: 'Control', sexo: 'F' as const },
  ],
});

/**
 * The public address in Configuración and the set-up checklist (decision 0030): what the constancia's link
 * points at, why it is refused, and what a school checks before families take papers home.
 */
describe.each(DIALECTS)('public address and set-up checklist on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-10-01T12:00:00Z'));
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const inject = (who: Who, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'none' ? {} : bearer(tok[who]!), ...(payload ? { payload } : {}) });
  const guardar = async (cambios: Record<string, unknown>) => {
    const { contenido, version } = (await inject('administrador', 'GET', URL_CONTENIDO)).json() as TContenidoEstado;
    return inject('administrador', 'PUT', URL_CONTENIDO, { ...contenido, ...cambios, version });
  };
  const puesta = async () => {
    const res = await inject('administrador', 'GET', URL_PUESTA);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json() as TPuestaAPunto).items.map((i) => [i.id, i]));
  };
  let recordId: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    const [row] = await insertFamilies(t.app.ctx.db, time.clock(), [lone(1)]);
    recordId = row!.id as string;
  });
  afterAll(() => t.close());

  it('starts with no public address: the checklist warns and the constancia is refused, saying where to set it', async () => {
    expect((await inject('administrador', 'GET', URL_CONTENIDO)).json().contenido.urlPublica).toBe('');
    const items = await puesta();
    expect(Object.keys(items)).toEqual(['direccionPublica', 'fechaSorteo', 'contacto', 'inicialesTablero']);
    expect(items.direccionPublica).toEqual({
      id: 'direccionPublica',
      titulo: PUESTA_MSG.direccion,
      estado: 'aviso',
      detalle: DIRECCION_MSG.falta,
    });
    // The data file's example phone and email: the families would have nobody to call.
    expect(items.contacto).toMatchObject({ estado: 'aviso', detalle: PUESTA_MSG.contactoFalta('Teléfono, Email') });
    expect(items.fechaSorteo).toMatchObject({ estado: 'ok', detalle: 'El sorteo es el 31/10/2026.' });
    expect(items.inicialesTablero).toMatchObject({ estado: 'ok', detalle: PUESTA_MSG.inicialesSinSorteo });
    const res = await inject('administrador', 'GET', `/api/inscriptos/${recordId}/constancia`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DIRECCION_MSG.falta);
    // Refused before anything is written: the number has no code yet.
    expect(await t.app.ctx.db.selectFrom('codigos_estado').selectAll().execute()).toEqual([]);
  });

  it('accepts only an http(s) address as urlPublica, naming the field in Spanish', async () => {
    for (const bad of [
      'ftp://escuela.example',
      'javascript:alert(1)',
      'escuela.example',
      'https://e.example/?a=1',
      'https://u:p@e.example',
    ]) {
      const res = await guardar({ urlPublica: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'urlPublica', label: 'Dirección pública', message: DIRECCION_MSG.invalida },
      ]);
    }
    expect((await inject('administrador', 'GET', URL_CONTENIDO)).json().contenido.urlPublica).toBe('');
  });

  it('refuses the constancia with a loopback or private address and warns in the checklist', async () => {
    for (const local of [
      'http://127.0.0.1:3277',
      'http://localhost:3000',
      'http://10.1.2.3',
      'http://192.168.0.10:8080',
      'http://172.31.0.4',
      'http://[::1]:3000',
    ]) {
      expect((await guardar({ urlPublica: local })).statusCode).toBe(200);
      const res = await inject('administrador', 'GET', `/api/inscriptos/${recordId}/constancia`);
      expect(res.statusCode, local).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: DIRECCION_MSG.local(local) });
      expect((await puesta()).direccionPublica).toMatchObject({ estado: 'aviso', detalle: DIRECCION_MSG.local(local) });
    }
    // 172.32.x is not private: accepted.
    expect((await guardar({ urlPublica: 'http://172.32.0.4' })).statusCode).toBe(200);
    expect((await inject('administrador', 'GET', `/api/inscriptos/${recordId}/constancia`)).statusCode).toBe(200);
  });

  it('prints the saved public address (without its trailing slash); the checklist turns ok', async () => {
    expect((await guardar({ urlPublica: ' https://inscripciones.escuela.example/ ' })).statusCode).toBe(200);
    expect((await inject('administrador', 'GET', URL_CONTENIDO)).json().contenido.urlPublica).toBe(
      'https://inscripciones.escuela.example',
    );
    const res = await inject('administrador', 'GET', `/api/inscriptos/${recordId}/constancia`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await puesta()).direccionPublica).toMatchObject({
      estado: 'ok',
      detalle: PUESTA_MSG.direccionOk('https://inscripciones.escuela.example', false),
    });
  });

  it('warns about a raffle date already past and an incomplete contact, and clears once fixed', async () => {
    expect((await guardar({ sorteoFecha: '2026-09-15' })).statusCode).toBe(200);
    const items = await puesta();
    expect(items.fechaSorteo).toMatchObject({ estado: 'aviso' });
    expect(items.fechaSorteo!.detalle).toContain('15/09/2026');
    expect(items.fechaSorteo!.detalle).toContain('ya pasó');
    expect(
      (await guardar({ sorteoFecha: '2026-11-02', telefono: '2900 1234', email: 'secretaria@escuela.example' }))
        .statusCode,
    ).toBe(200);
    const after = await puesta();
    expect(after.fechaSorteo).toMatchObject({ estado: 'ok', detalle: 'El sorteo es el 02/11/2026.' });
    expect(after.contacto).toMatchObject({ estado: 'ok', detalle: PUESTA_MSG.contactoOk });
    expect(Object.values(after).every((i) => i.estado === 'ok')).toBe(true);
  });

  it.each([
    ['none', 401],
    ['visitado', 403],
    ['voluntario', 403],
    ['administrador', 200],
  ] as const)('GET the checklist and PUT urlPublica as %s: %i', async (who, status) => {
    expect((await inject(who, 'GET', URL_PUESTA)).statusCode).toBe(status);
    const { contenido, version } = (await inject('administrador', 'GET', URL_CONTENIDO)).json() as TContenidoEstado;
    const put = await inject(who, 'PUT', URL_CONTENIDO, { ...contenido, urlPublica: 'https://otra.example', version });
    expect(put.statusCode).toBe(status);
    if (status === 200) await guardar({ urlPublica: 'https://inscripciones.escuela.example' });
  });
});

describe.each(DIALECTS)('PUBLIC_URL over the setting on %s', (dialect) => {
  let t: TestApp;
  afterAll(() => t.close());

  it('the environment variable wins over urlPublica, and the checklist says so', async () => {
    t = await buildTestApp(dialect, { env: { PUBLIC_URL: 'https://inscripciones.red.example' } });
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const { contenido, version } = (
      await t.app.inject({ method: 'GET', url: URL_CONTENIDO, headers: bearer(token) })
    ).json() as TContenidoEstado;
    const put = await t.app.inject({
      method: 'PUT',
      url: URL_CONTENIDO,
      headers: bearer(token),
      payload: { ...contenido, urlPublica: 'http://127.0.0.1:3000', version },
    });
    expect(put.statusCode).toBe(200);
    const items = (
      await t.app.inject({ method: 'GET', url: URL_PUESTA, headers: bearer(token) })
    ).json() as TPuestaAPunto;
    expect(items.items[0]).toMatchObject({
      estado: 'ok',
      detalle: PUESTA_MSG.direccionOk('https://inscripciones.red.example', true),
    });
    const [row] = await insertFamilies(t.app.ctx.db, new Date(), [lone(2)]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inscriptos/${row!.id}/constancia`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
