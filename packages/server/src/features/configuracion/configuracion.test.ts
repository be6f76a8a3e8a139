import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  contenidoPorDefecto,
  type TContenido,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
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
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { createContenidoStore } from './contenido-store.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';

const START = new Date('2026-10-01T12:00:00Z');
const URL_CONTENIDO = '/api/configuracion/contenido';

const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
const frameSrcOf = (res: { headers: Record<string, unknown> }) =>
  /(?:^|;)frame-src ([^;]*)/.exec(cspOf(res))?.[1] ?? null;

describe.each(DIALECTS)('configuración (contenido de la escuela) on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let vol: string;
  let guest: string;
  const clock = fakeClock(START);

  const get = (token?: string) =>
    app.inject({ method: 'GET', url: URL_CONTENIDO, ...(token ? { headers: bearer(token) } : {}) });
  const put = (token: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: URL_CONTENIDO, headers: bearer(token), payload: payload as object });
  const estado = async () => (await get(admin)).json() as TContenidoEstado;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: clock.clock });
    app = t.app;
    admin = await tokenFor(app, ADMIN.username, ADMIN.password);
    const v = await createUser(app, admin, { role: 'voluntario' });
    vol = await tokenFor(app, v.username, v.password);
    guest = await tokenFor(app, 'visitante', 'visitante');
  });
  afterAll(() => t.close());

  it('before anything is saved, every signed-in role reads the data file defaults (version 0)', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const token of [admin, vol, guest]) {
      const res = await get(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        contenido: contenidoPorDefecto(START),
        version: 0,
        actualizadoPor: null,
        actualizadoEn: null,
      });
    }
    expect((await estado()).contenido).toMatchObject({ sorteoFecha: '2026-10-31', anioIngreso: 2027 });
  });

  it('only administrators save: 403 for voluntario and visitado before the body is looked at', async () => {
    for (const token of [vol, guest]) {
      const res = await put(token, { nada: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MSG.forbidden });
    }
    expect((await app.inject({ method: 'PUT', url: URL_CONTENIDO, payload: {} })).statusCode).toBe(401);
    const hist = await app.inject({ url: '/api/configuracion/historial', headers: bearer(vol) });
    expect(hist.statusCode).toBe(403);
  });

  it('validates the whole object and names each field by its Spanish label', async () => {
    const { contenido } = await estado();
    const res = await put(admin, {
      ...contenido,
      version: 0,
      email: 'no-es-un-email',
      sorteoFecha: '2026-13-01',
      mapaZonasUrl: 'http://inseguro.example.org/mapa',
      plazasNenas: -3,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields.map((f: { label: string }) => f.label).sort()).toEqual(
      ['Email', 'Fecha del sorteo', 'Mapa de límites de zona', 'Plazas para nenas'].sort(),
    );
    const { telefono: _t, ...sinTelefono } = contenido;
    const missing = await put(admin, { ...sinTelefono, version: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { field: 'telefono', label: 'Teléfono', message: 'Teléfono: este campo es obligatorio' },
    ]);
    expect((await put(admin, contenido)).json().fields[0].label).toBe('Versión');
    expect((await estado()).version).toBe(0);
  });

  it('validates the school address and the opening hours: 400 naming each field, nothing saved', async () => {
    const { contenido } = await estado();
    const alReves = await put(admin, { ...contenido, version: 0, horarioApertura: '16:00', horarioCierre: '08:00' });
    expect(alReves.statusCode).toBe(400);
    expect(alReves.json().fields).toEqual([
      {
        field: 'horarioCierre',
        label: 'Cierra a las',
        message: 'Cierra a las: tiene que ser después de la hora de apertura (16:00)',
      },
    ]);
    const malos = await put(admin, {
      ...contenido,
      version: 0,
      direccion: '   ',
      horarioApertura: '8 de la mañana',
      diasAtencion: 'domingos',
    });
    expect(malos.statusCode).toBe(400);
    expect(
      malos
        .json()
        .fields.map((f: { label: string }) => f.label)
        .sort(),
    ).toEqual(['Abre a las', 'Dirección de la escuela', 'Días de atención'].sort());
    const { direccion: _d, ...sinDireccion } = contenido;
    expect((await put(admin, { ...sinDireccion, version: 0 })).json().fields).toEqual([
      {
        field: 'direccion',
        label: 'Dirección de la escuela',
        message: 'Dirección de la escuela: este campo es obligatorio',
      },
    ]);
    expect((await estado()).version).toBe(0);
    expect(contenido).toMatchObject({
      direccion: 'Dirección de la escuela (a completar)',
      horarioApertura: '08:00',
      horarioCierre: '18:00',
      diasAtencion: 'lunes-a-viernes',
    });
  });

  it('saves, audits the changed fields, refuses a stale version and writes nothing when nothing changed', async () => {
    const before = await estado();
    const cambiado: TContenido = {
      ...before.contenido,
      telefono: '2900 1234',
      sorteoFecha: '2026-11-07',
      contactoNombre: 'Laura Pérez (Dirección)',
    };
    const res = await put(admin, { ...cambiado, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      contenido: cambiado,
      version: 1,
      actualizadoPor: ADMIN.username,
      actualizadoEn: START.toISOString(),
    });
    expect((await get(vol)).json().contenido.telefono).toBe('2900 1234');

    const hist = (await app.inject({ url: '/api/configuracion/historial', headers: bearer(admin) })).json();
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ usuario: ADMIN.username, accion: 'editar' });
    expect(hist[0].cambios).toEqual({
      telefono: { antes: '0000 0000', despues: '2900 1234' },
      sorteoFecha: { antes: '2026-10-31', despues: '2026-11-07' },
      contactoNombre: { antes: before.contenido.contactoNombre, despues: 'Laura Pérez (Dirección)' },
    });

    // Someone who read version 0 saves late: 409, and nothing changes.
    const stale = await put(admin, { ...cambiado, telefono: '2900 9999', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'STALE_VERSION',
      message: CONFIGURACION_MSG.stale(ADMIN.username, '01/10/2026', '09:00'),
    });
    expect((await estado()).contenido.telefono).toBe('2900 1234');

    const same = await put(admin, { ...cambiado, version: 1 });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(1);
    expect((await app.inject({ url: '/api/configuracion/historial', headers: bearer(admin) })).json()).toHaveLength(1);
  });

  it('lets the CSP frame only the configured maps’ origins, at once after a change', async () => {
    expect(frameSrcOf(await app.inject({ url: '/api/health' }))).toBe("'none'");
    expect(cspOf(await app.inject({ url: '/api/health' }))).toContain("default-src 'self'");
    const { contenido, version } = await estado();
    const res = await put(admin, {
      ...contenido,
      version,
      mapaZonasUrl: '<iframe src="https://www.google.com/maps/d/embed?mid=1AbC&amp;ehbc=2E312F" width="640"></iframe>',
      mapaCalleUrl: 'https://Mapas.Example.org:8443/calle?x=1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contenido.mapaZonasUrl).toBe('https://www.google.com/maps/d/embed?mid=1AbC&ehbc=2E312F');
    expect(frameSrcOf(await app.inject({ url: '/api/health' }))).toBe(
      'https://www.google.com https://mapas.example.org:8443',
    );
    // Every response carries it, the SPA's pages too (here a 404 without a web build).
    expect(frameSrcOf(await app.inject({ url: '/consultas' }))).toBe(
      'https://www.google.com https://mapas.example.org:8443',
    );

    const sinMapas = await put(admin, { ...res.json().contenido, version: res.json().version, mapaCalleUrl: '' });
    expect(sinMapas.statusCode).toBe(200);
    expect(frameSrcOf(await app.inject({ url: '/api/health' }))).toBe('https://www.google.com');
  });

  it('gives the public screens only the school name, the lottery and the year', async () => {
    const res = await app.inject({ url: '/api/configuracion/publico' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      escuelaNombre: 'Escuela de ejemplo (a completar)',
      sorteoFecha: '2026-11-07',
      sorteoHora: '14:00',
      sorteoLugar: 'Comedor de Secundaria (presencial)',
      transmisionUrl: '',
      anioIngreso: 2027,
    });
  });

  it('the raffle reads its year and places from the saved settings', async () => {
    const { contenido, version } = await estado();
    const res = await put(admin, {
      ...contenido,
      version,
      anioIngreso: 2031,
      plazasNenas: 3,
      plazasVarones: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = (await app.inject({ url: '/api/sorteo/status' })).json();
    expect(status).toMatchObject({ anio: 2031 });

    const body = buildInscripto(START);
    const created = await postInscripto(app, admin, body);
    const fin = await app.inject({
      method: 'POST',
      url: `/api/inscriptos/${created.id}/finalizar`,
      headers: bearer(admin),
      payload: { ...body, version: created.version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const start = await app.inject({
      method: 'POST',
      url: '/api/sorteo/start',
      headers: bearer(admin),
      payload: { fuenteValorPublico: { tipo: 'dados', cantidad: 3 } },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().plazas).toEqual({ nenas: 3, varones: 4 });
    expect((await app.inject({ url: '/api/sorteo/status' })).json().anio).toBe(2031);
    await app.inject({ method: 'POST', url: '/api/sorteo/end', headers: bearer(admin), payload: { motivo: 'Prueba' } });
  });

  it('another instance’s copy catches up with a change saved here', async () => {
    const other = createContenidoStore({ db: app.ctx.db, clock: clock.clock, ttlMs: 0 });
    await other.refrescar();
    const { contenido, version } = await estado();
    expect(other.actual()).toEqual(contenido);
    const res = await put(admin, { ...contenido, version, telefono: '4444 5555' });
    expect(res.statusCode).toBe(200);
    // The first read answers at once with what it had and refreshes in the background.
    expect(other.actual().telefono).toBe(contenido.telefono);
    await vi.waitFor(() => expect(other.actual().telefono).toBe('4444 5555'));
    expect(other.sorteoConfig.anio).toBe(2031);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/configuracion/contenido',
        '/api/configuracion/publico',
        '/api/configuracion/historial',
      ]),
    );
    expect(doc.paths['/api/configuracion/contenido'].put.requestBody).toBeDefined();
  });

  it('is part of the SQL backup', async () => {
    const res = await app.inject({ url: '/api/inscriptos/export/sql', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('DELETE FROM "configuracion";');
    expect(res.body).toMatch(/INSERT INTO "configuracion" \("clave", "valor", "version"[^\n]*\n\('contenido', '\{/);
  });

  it('reads content saved before the school name existed, and saves the name over it', async () => {
    const fresh = await buildTestApp(dialect, { clock: clock.clock });
    try {
      const token = await tokenFor(fresh.app, ADMIN.username, ADMIN.password);
      // The row as an earlier version stored it: every field of its time, no escuelaNombre.
      const { escuelaNombre: _e, ...antiguo } = { ...contenidoPorDefecto(START), telefono: '2900 7777' };
      await fresh.app.ctx.db
        .insertInto('configuracion')
        .values({
          clave: 'contenido',
          valor: JSON.stringify(antiguo),
          version: 3,
          actualizado_por: ADMIN.username,
          actualizado_en: START.toISOString(),
        })
        .execute();
      const read = await fresh.app.inject({ url: URL_CONTENIDO, headers: bearer(token) });
      expect(read.statusCode, read.body).toBe(200);
      const leido = read.json() as TContenidoEstado;
      expect(leido.version).toBe(3);
      expect(leido.contenido).toMatchObject({
        telefono: '2900 7777',
        escuelaNombre: 'Escuela de ejemplo (a completar)',
      });

      const saved = await fresh.app.inject({
        method: 'PUT',
        url: URL_CONTENIDO,
        headers: bearer(token),
        payload: { ...leido.contenido, escuelaNombre: 'Escuela N.º 123 «Artigas»', version: 3 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = (await fresh.app.inject({ url: URL_CONTENIDO, headers: bearer(token) })).json() as TContenidoEstado;
      expect(after).toMatchObject({
        version: 4,
        contenido: { telefono: '2900 7777', escuelaNombre: 'Escuela N.º 123 «Artigas»' },
      });
      const publico = await fresh.app.inject({ url: '/api/configuracion/publico' });
      expect(publico.json().escuelaNombre).toBe('Escuela N.º 123 «Artigas»');
      const tooLong = await fresh.app.inject({
        method: 'PUT',
        url: URL_CONTENIDO,
        headers: bearer(token),
        payload: { ...after.contenido, escuelaNombre: 'x'.repeat(151), version: 4 },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.body).toContain('Nombre de la escuela: como máximo 150 caracteres');
    } finally {
      await fresh.close();
    }
  });

  it('two first saves at once on a fresh database: one wins, the other gets 409', async () => {
    const fresh = await buildTestApp(dialect, { clock: clock.clock });
    try {
      const token = await tokenFor(fresh.app, ADMIN.username, ADMIN.password);
      const base = contenidoPorDefecto(START);
      const send = (telefono: string) =>
        fresh.app.inject({
          method: 'PUT',
          url: URL_CONTENIDO,
          headers: bearer(token),
          payload: { ...base, telefono, version: 0 },
        });
      const results = await Promise.all([send('2900 0001'), send('2900 0002')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().code).toBe('STALE_VERSION');
    } finally {
      await fresh.close();
    }
  });
});

describe('SORTEO_* variables as defaults', () => {
  it('replace the data file’s values until an administrator saves', async () => {
    const t = await buildTestApp('sqlite', {
      clock: fakeClock(START).clock,
      env: { SORTEO_PLAZAS_NENAS: '12', SORTEO_ANIO: '2040' },
    });
    try {
      const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
      const read = await t.app.inject({ url: URL_CONTENIDO, headers: bearer(token) });
      const { contenido, version } = read.json() as TContenidoEstado;
      expect(version).toBe(0);
      expect(contenido).toMatchObject({
        plazasNenas: 12,
        plazasVarones: 28,
        anioIngreso: 2040,
      });
      expect((await t.app.inject({ url: '/api/sorteo/status' })).json()).toMatchObject({
        anio: 2040,
      });
      const saved = await t.app.inject({
        method: 'PUT',
        url: URL_CONTENIDO,
        headers: bearer(token),
        payload: { ...contenido, version, anioIngreso: 2041 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await t.app.inject({ url: '/api/sorteo/status' })).json()).toMatchObject({
        anio: 2041,
      });
    } finally {
      await t.close();
    }
  });
});
