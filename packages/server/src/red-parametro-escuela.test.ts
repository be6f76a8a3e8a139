import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from './test/helper.ts';
import { montarRed, type RedDePrueba } from './test/red-test-data.ts';

/**
 * The `escuela` parameter's rules (decision 0036): a one-school deployment answers as before, with or without
 * it; an account with several schools must name one (400 listing its schools); without a session, the first
 * school; an unknown code is 404; the public routes and pages (the boards, the actas, /sorteo, /estado, the
 * API's schemas) take it.
 */

/** A stand-in for the web app's build: its index.html is what every page answers. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Inscripciones</title>');
  return dir;
}

describe.each(DIALECTS)('the escuela parameter on a one-school deployment (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('without it nothing changes; naming its school is the same; another code is 404', async () => {
    for (const url of ['/api/inscriptos', '/api/users', '/api/panel', '/api/auth/me', '/api/ciclos']) {
      const sin = await t.app.inject({ url, headers: bearer(admin) });
      expect(sin.statusCode, url).toBe(200);
      const con = await t.app.inject({ url: `${url}?escuela=principal`, headers: bearer(admin) });
      expect(con.statusCode, url).toBe(200);
      expect(con.json(), url).toEqual(sin.json());
      const otra = await t.app.inject({ url: `${url}?escuela=norte`, headers: bearer(admin) });
      expect(otra.statusCode, url).toBe(404);
      expect(otra.json().message).toBe(ESCUELA_MSG.noEncontrada);
    }
    for (const url of ['/api/configuracion/publico', '/api/sorteo/status', '/api/plazas/tablero', '/api/docs/json']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url: `${url}?escuela=principal` })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url: `${url}?escuela=norte` })).statusCode, url).toBe(404);
    }
  });

  it('the accounts list has no network fields (the answers of one school do not change)', async () => {
    const users = (await t.app.inject({ url: '/api/users', headers: bearer(admin) })).json() as object[];
    expect(users.length).toBeGreaterThan(0);
    for (const u of users) expect(Object.keys(u)).not.toContain('escuelas');
  });
});

describe.each(DIALECTS)('the escuela parameter in a network of schools (%s)', (dialect) => {
  let t: TestApp;
  let red: RedDePrueba;
  let doble: string;
  const web = webDist();
  const inject = (url: string, token?: string) => t.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { WEB_DIST: web } });
    red = await montarRed(t.app);
    // A third school: an account's list of schools names only its own.
    const oeste = await t.app.inject({
      method: 'POST',
      url: '/api/escuelas',
      headers: bearer(red.red.administrador_red),
      payload: {
        codigo: 'oeste',
        escuelaNombre: 'Escuela N.º 3 Oeste',
        direccion: 'Av. Oeste 55',
        telefono: '2400 5555',
        horarios: 'Lunes a viernes de 8 a 16',
      },
    });
    expect(oeste.statusCode).toBe(201);
    const creada = await t.app.inject({
      method: 'POST',
      url: '/api/users?escuela=principal',
      headers: bearer(red.red.administrador_red),
      payload: {
        username: 'doble',
        password: 'clave-segura-1',
        nombre: 'Maestra de dos escuelas',
        email: 'doble@escuela.edu.uy',
        escuelas: [
          { escuela: 'principal', role: 'voluntario' },
          { escuela: 'norte', role: 'administrador' },
        ],
      },
    });
    expect(creada.statusCode).toBe(201);
    doble = await tokenFor(t.app, 'doble', 'clave-segura-1');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('an account with several schools that names none gets 400 listing its schools, and its role in each', async () => {
    for (const url of ['/api/inscriptos', '/api/auth/me', '/api/panel']) {
      const res = await inject(url, doble);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: ESCUELA_MSG.elegir(['principal', 'norte']),
        fields: [{ field: 'escuela' }],
      });
    }
    expect((await inject('/api/auth/me?escuela=principal', doble)).json().user.role).toBe('voluntario');
    expect((await inject('/api/auth/me?escuela=norte', doble)).json().user.role).toBe('administrador');
    expect((await inject('/api/users?escuela=norte', doble)).statusCode).toBe(200);
    expect((await inject('/api/users?escuela=principal', doble)).statusCode).toBe(403);
    expect((await inject('/api/inscriptos?escuela=oeste', doble)).statusCode).toBe(404);
    // The network's roles have every school: the list is the network's.
    const lector = await inject('/api/inscriptos', red.red.lector_red);
    expect(lector.json().message).toBe(ESCUELA_MSG.elegir(['principal', 'norte', 'oeste']));
  });

  it("an account of one school needs no parameter: its school's records", async () => {
    const norte = red.escuelas.norte;
    const lista = (await inject('/api/inscriptos', norte.tokens.administrador)).json();
    expect(lista.items.map((i: { id: string }) => i.id)).toContain(norte.inscripcion.id);
    expect((await inject('/api/inscriptos', red.escuelas.principal.tokens.visitado)).json().total).toBe(4);
  });

  it('an unknown code is 404 everywhere: private and public routes, the network routes, sign-in and pages', async () => {
    const casos: [string, string | undefined][] = [
      ['/api/inscriptos?escuela=sur', red.red.administrador_red],
      ['/api/auth/me?escuela=sur', red.escuelas.norte.tokens.voluntario],
      ['/api/escuelas?escuela=sur', red.red.administrador_red],
      ['/api/sorteo/status?escuela=sur', undefined],
      ['/api/docs/json?escuela=sur', undefined],
      ['/sorteo?escuela=sur', undefined],
      ['/estado?escuela=sur', undefined],
    ];
    for (const [url, token] of casos) {
      const res = await inject(url, token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(ESCUELA_MSG.noEncontrada);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login?escuela=sur',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(404);
    // An empty or malformed code is a 400 naming the parameter, like any field.
    const vacia = await inject('/api/inscriptos?escuela=', red.red.administrador_red);
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().fields).toEqual([expect.objectContaining({ field: 'escuela' })]);
  });

  it('without a session the public routes answer for the first school (its printed links have no code); named, each answers its own', async () => {
    for (const url of ['/api/configuracion/publico', '/api/sorteo/status', '/api/plazas/tablero']) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe((await inject(`${url}${url.includes('?') ? '&' : '?'}escuela=principal`)).body);
    }
    expect((await inject('/api/configuracion/publico?escuela=norte')).json().escuelaNombre).toBe('Escuela N.º 2 Norte');
    for (const e of Object.values(red.escuelas)) {
      const otra = e.codigo === 'norte' ? 'principal' : 'norte';
      const acta = `/api/sorteo/actas/${e.actaId}/acta-publica.json`;
      expect((await inject(`${acta}?escuela=${e.codigo}`)).statusCode).toBe(200);
      expect((await inject(`${acta}?escuela=${otra}`)).statusCode).toBe(404);
      const tablero = await inject(`/api/plazas/tablero?escuela=${e.codigo}`);
      expect(tablero.statusCode).toBe(200);
    }
    const estado = await t.app.inject({
      method: 'POST',
      url: '/api/estado?escuela=norte',
      payload: {
        numeroInscripcion: red.escuelas.norte.inscripcion.numero,
        codigo: red.escuelas.norte.inscripcion.codigo,
      },
    });
    expect(estado.statusCode).toBe(200);
    expect(estado.json().numeroInscripcion).toBe(red.escuelas.norte.inscripcion.numero);
  });

  it("the schemas (the API's document, the public documents') answer for each school alike, and without one", async () => {
    const doc = (await inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect((await inject('/api/docs/json?escuela=norte')).json()).toEqual(doc);
    const esquema = (await inject('/api/sorteo/esquemas/acta-publica.json?escuela=principal')).json();
    expect((await inject('/api/sorteo/esquemas/acta-publica.json?escuela=norte')).json()).toEqual(esquema);
    expect((await inject('/api/sorteo/esquemas/acta-publica.json')).json()).toEqual(esquema);
  });

  it("the web app's pages take the school: /sorteo?escuela= and /estado?escuela=; without it, the app as always", async () => {
    for (const url of ['/sorteo?escuela=norte', '/estado?escuela=norte', '/sorteo', '/estado', '/']) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });
});
