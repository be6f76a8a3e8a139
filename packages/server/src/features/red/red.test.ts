import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NORTE } from '../../test/red-fixtures.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';

/*
 * One deployment for the network (decision 0036): a second school with its own administrator, records,
 * numbering and guest; the `escuela` parameter's rules; nothing of one school in the other's answers; the
 * network's panel and its check of one child in two schools.
 */

describe.each(DIALECTS)('network of schools on %s', (dialect) => {
  let t: TestApp;
  let red: string;
  let dirNorte: string;
  const ci = uniqueCi();
  const inject = (opts: InjectOptions) => t.app.inject(opts);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    red = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('a one-school deployment needs no parameter, and names its school "principal"', async () => {
    expect((await inject({ url: '/api/inscriptos', headers: bearer(red) })).statusCode).toBe(200);
    const escuelas = await inject({ url: '/api/escuelas', headers: bearer(red) });
    expect(escuelas.json()).toEqual([expect.objectContaining({ id: 1, codigo: 'principal' })]);
  });

  it('the network administrator creates a second school, and its administrator', async () => {
    const res = await inject({ method: 'POST', url: '/api/escuelas', headers: bearer(red), payload: NORTE });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 2, ...NORTE });
    const repetida = await inject({ method: 'POST', url: '/api/escuelas', headers: bearer(red), payload: NORTE });
    expect(repetida.statusCode).toBe(409);
    const mala = await inject({
      method: 'POST',
      url: '/api/escuelas',
      headers: bearer(red),
      payload: { ...NORTE, codigo: 'Con Espacios' },
    });
    expect(mala.statusCode).toBe(400);

    const user = await inject({
      method: 'POST',
      url: '/api/users?escuela=norte',
      headers: bearer(red),
      payload: {
        username: 'dir-norte',
        password: 'clave-segura-1',
        nombre: 'Directora Norte',
        email: 'dir@norte.edu.uy',
        escuelas: [{ escuela: 'norte', role: 'administrador' }],
      },
    });
    expect(user.statusCode).toBe(201);
    dirNorte = await tokenFor(t.app, 'dir-norte', 'clave-segura-1');
    const me = (await inject({ url: '/api/auth/me', headers: bearer(dirNorte) })).json().user;
    expect(me).toMatchObject({
      role: 'administrador',
      rolRed: null,
      escuelas: [{ codigo: 'norte', role: 'administrador' }],
    });
  });

  /** Enrols and finalises a child (which gives its number) in the school of the URL's parameter. */
  async function finalizada(token: string, escuela: string) {
    const datos = buildInscripto(new Date(), { ci });
    const url = (p: string) => `/api/inscriptos${p}${escuela ? `?escuela=${escuela}` : ''}`;
    const creada = await inject({ method: 'POST', url: url(''), headers: bearer(token), payload: datos });
    expect(creada.statusCode).toBe(201);
    const fin = await inject({
      method: 'POST',
      url: url(`/${creada.json().id}/finalizar`),
      headers: bearer(token),
      payload: { ...datos, version: creada.json().version },
    });
    expect(fin.statusCode).toBe(200);
    return fin.json() as { id: string; numeroInscripcion: number };
  }

  it("each school has its own records and numbering; the other school's are 404", async () => {
    const enNorte = await finalizada(dirNorte, '');
    expect(enNorte.numeroInscripcion).toBe(1);
    // The network administrator has several schools: without the parameter it must choose.
    const sin = await inject({
      method: 'POST',
      url: '/api/inscriptos',
      headers: bearer(red),
      payload: buildInscripto(new Date()),
    });
    expect(sin.statusCode).toBe(400);
    const enPrincipal = await finalizada(red, 'principal');
    expect(enPrincipal.numeroInscripcion).toBe(1);

    const listaNorte = (await inject({ url: '/api/inscriptos', headers: bearer(dirNorte) })).json();
    expect(listaNorte.total).toBe(1);
    const listaPrincipal = (await inject({ url: '/api/inscriptos?escuela=principal', headers: bearer(red) })).json();
    expect(listaPrincipal.total).toBe(1);
    expect(JSON.stringify(listaPrincipal)).not.toContain(enNorte.id);

    // The school's administrator cannot reach the other school: 404, never 403.
    expect((await inject({ url: '/api/inscriptos?escuela=principal', headers: bearer(dirNorte) })).statusCode).toBe(
      404,
    );
    expect((await inject({ url: `/api/inscriptos/${enPrincipal.id}`, headers: bearer(dirNorte) })).statusCode).toBe(
      404,
    );
    expect((await inject({ url: '/api/users?escuela=principal', headers: bearer(dirNorte) })).statusCode).toBe(404);
    // Nor the network's endpoints.
    expect((await inject({ url: '/api/escuelas', headers: bearer(dirNorte) })).statusCode).toBe(403);
    expect((await inject({ url: '/api/red/panel', headers: bearer(dirNorte) })).statusCode).toBe(403);
  });

  it('the escuela parameter: an account with several schools must name one (400 listing them); an unknown one is 404', async () => {
    const sin = await inject({ url: '/api/inscriptos', headers: bearer(red) });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('principal, norte');
    // Without a session and without the parameter: the first school, as its printed links expect.
    expect((await inject({ url: '/api/configuracion/publico' })).json().escuelaNombre).not.toBe(NORTE.escuelaNombre);
    expect((await inject({ url: '/api/configuracion/publico?escuela=norte' })).json().escuelaNombre).toBe(
      NORTE.escuelaNombre,
    );
    expect((await inject({ url: '/api/configuracion/publico?escuela=sur' })).statusCode).toBe(404);
    // The code follows the text rule and its own shape, like any field: a 400 naming it, never a 5xx.
    for (const malo of ['nor%00te', 'Norte', 'x']) {
      const res = await inject({ url: `/api/configuracion/publico?escuela=${malo}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ field: 'escuela' })]);
    }
    // Every operation of the API document takes it.
    const doc = (await inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/inscriptos'].get.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'escuela', required: false }),
    );
  });

  it("a school's administrator changes only the role of an account that also works elsewhere", async () => {
    const payload = {
      username: 'ambas',
      password: 'clave-segura-1',
      nombre: 'Trabaja en dos',
      email: 'ambas@red.edu.uy',
      escuelas: [
        { escuela: 'principal', role: 'voluntario' },
        { escuela: 'norte', role: 'voluntario' },
      ],
    };
    const creada = await inject({ method: 'POST', url: '/api/users?escuela=norte', headers: bearer(red), payload });
    expect(creada.statusCode).toBe(201);
    const { escuelas: _e, password: _p, ...datos } = payload;
    const put = (body: object) =>
      inject({ method: 'PUT', url: `/api/users/${creada.json().id}`, headers: bearer(dirNorte), payload: body });
    const clave = await put({ ...datos, role: 'voluntario', password: 'otra-clave-123' });
    expect(clave.statusCode).toBe(403);
    expect((await put({ ...datos, role: 'voluntario', activo: false })).statusCode).toBe(403);
    // Its role in this school is this school's to give (the school sees only its own); the other's stays.
    const rol = await put({ ...datos, role: 'administrador' });
    expect(rol.statusCode).toBe(200);
    expect(rol.json().escuelas).toEqual([{ escuela: 'norte', role: 'administrador' }]);
    const enLaRed = await inject({ url: '/api/users?escuela=principal', headers: bearer(red) });
    const ambas = enLaRed.json().find((u: { username: string }) => u.username === 'ambas');
    expect(ambas.escuelas).toEqual([
      { escuela: 'principal', role: 'voluntario' },
      { escuela: 'norte', role: 'administrador' },
    ]);
    // Nor may it name another school, or a network role.
    const otra = await put({ ...datos, escuelas: [{ escuela: 'principal', role: 'administrador' }] });
    expect(otra.statusCode).toBe(400);
    expect((await put({ ...datos, role: 'administrador', rolRed: 'administrador_red' })).statusCode).toBe(403);
  });

  it("each school's guest reads only its school", async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login?escuela=norte',
      payload: GUEST_CREDENTIALS,
    });
    expect(res.statusCode).toBe(200);
    const guest = res.json().token as string;
    expect((await inject({ url: '/api/inscriptos', headers: bearer(guest) })).json().total).toBe(1);
    expect((await inject({ url: '/api/inscriptos?escuela=principal', headers: bearer(guest) })).statusCode).toBe(404);
  });

  it("the network's panel counts every school as its own panel does", async () => {
    const panel = (await inject({ url: '/api/red/panel', headers: bearer(red) })).json();
    expect(panel.escuelas.map((e: { codigo: string }) => e.codigo)).toEqual(['principal', 'norte']);
    for (const e of panel.escuelas) {
      const propio = (await inject({ url: `/api/panel?escuela=${e.codigo}`, headers: bearer(red) })).json();
      expect(e.solicitudes).toBe(propio.tarjetas.total);
      expect(e.plazas).toBe(propio.plazas);
    }
    expect(panel.totales.solicitudes).toBe(2);
  });

  it('the same child in two schools: listed for the network, flagged to each school with the other school name only', async () => {
    const red_ = (await inject({ url: '/api/red/duplicados', headers: bearer(red) })).json();
    expect(red_.duplicados).toEqual([
      {
        ci: expect.any(String),
        escuelas: [
          expect.objectContaining({ codigo: 'principal', numeroInscripcion: 1 }),
          expect.objectContaining({ codigo: 'norte', numeroInscripcion: 1 }),
        ],
      },
    ]);
    const norte = (await inject({ url: '/api/duplicados/red', headers: bearer(dirNorte) })).json();
    expect(norte.inscripciones).toHaveLength(1);
    expect(norte.inscripciones[0].numeroInscripcion).toBe(1);
    expect(norte.inscripciones[0].otrasEscuelas).toHaveLength(1);
    expect(JSON.stringify(norte)).not.toContain(ci);
    expect((await inject({ url: '/api/red/duplicados', headers: bearer(dirNorte) })).statusCode).toBe(403);
  });

  it('after a restart the second school is served again with its records', async () => {
    const again = await t.reopen();
    try {
      const token = await tokenFor(again, 'dir-norte', 'clave-segura-1');
      expect((await again.inject({ url: '/api/inscriptos', headers: bearer(token) })).json().total).toBe(1);
    } finally {
      await again.close();
    }
  });
});
