import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  buildUser,
  createUser,
  login,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { VALIDATION_MSG } from '@inscripciones/shared/messages.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';

describe.each(DIALECTS)('users API on %s', (dialect) => {
  let t: TestApp;
  const tokens: Partial<Record<Who, string>> = {};
  let adminId: string;
  const headersFor = (who: Who) => (who === 'none' ? {} : bearer(tokens[who]!));
  const count = async () =>
    (await t.app.inject({ url: '/api/users', headers: headersFor('administrador') })).json().length as number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const adminLogin = (await login(t.app, ADMIN.username, ADMIN.password)).json();
    tokens.administrador = adminLogin.token;
    adminId = adminLogin.user.id;
    tokens.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tokens.administrador!, { role: 'voluntario' });
    tokens.voluntario = await tokenFor(t.app, vol.username, vol.password);
  });
  afterAll(() => t.close());

  describe('authorization matrix', () => {
    const expected: Record<Who, { list: number; create: number; update: number; remove: number }> = {
      none: { list: 401, create: 401, update: 401, remove: 401 },
      visitado: { list: 403, create: 403, update: 403, remove: 403 },
      voluntario: { list: 403, create: 403, update: 403, remove: 403 },
      administrador: { list: 200, create: 201, update: 200, remove: 200 },
    };
    it.each(Object.keys(expected) as Who[])('%s gets the exact status on every users endpoint', async (who) => {
      const target = await createUser(t.app, tokens.administrador!);
      const before = await count();
      const h = headersFor(who);
      const e = expected[who];
      expect((await t.app.inject({ url: '/api/users', headers: h })).statusCode).toBe(e.list);
      const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: h, payload: buildUser() });
      expect(created.statusCode).toBe(e.create);
      const update = { ...buildUser({ username: target.username }), password: '' };
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}`, headers: h, payload: update })).statusCode,
      ).toBe(e.update);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: h })).statusCode).toBe(
        e.remove,
      );
      // A refused request writes nothing; the administrator's create (+1) and delete (-1) cancel out.
      expect(await count()).toBe(before);
      if (who !== 'administrador') {
        const list = (await t.app.inject({ url: '/api/users', headers: headersFor('administrador') })).json();
        expect(list.some((u: { id: string }) => u.id === target.id)).toBe(true);
      }
    });

    it('refuses a non-administrator before looking at the body (403, not 400)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: headersFor('voluntario'),
        payload: { nope: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_MSG.forbidden);
    });
  });

  it('creates a user with defaults (voluntario, active) and never returns the password', async () => {
    const payload = buildUser();
    delete (payload as Record<string, unknown>).role;
    delete (payload as Record<string, unknown>).activo;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: headersFor('administrador'),
      payload,
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: payload.username,
      role: 'voluntario',
      activo: true,
      nombre: payload.nombre,
    });
    expect(Object.keys(user).sort()).toEqual([
      'activo',
      'email',
      'fechaCreacion',
      'id',
      'nombre',
      'role',
      'sistema',
      'username',
    ]);
    expect(user.sistema).toBe(false);
    expect(new Date(user.fechaCreacion).toString()).not.toBe('Invalid Date');
    expect((await login(t.app, payload.username, payload.password)).statusCode).toBe(200);
  });

  it('lists users with every column of the admin table', async () => {
    const res = await t.app.inject({ url: '/api/users', headers: headersFor('administrador') });
    const admin = res.json().find((u: { username: string }) => u.username === 'admin');
    expect(admin).toMatchObject({
      id: adminId,
      role: 'administrador',
      activo: true,
      nombre: expect.any(String),
      email: expect.any(String),
    });
    expect(res.json().some((u: { username: string }) => u.username === GUEST_CREDENTIALS.username)).toBe(true);
  });

  it('rejects a duplicate username with 409 and a Spanish message, in any letter case', async () => {
    const u = await createUser(t.app, tokens.administrador!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: headersFor('administrador'),
      payload: buildUser({ username: u.username.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MSG.usernameTaken(u.username));
    const other = await createUser(t.app, tokens.administrador!);
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers: headersFor('administrador'),
      payload: { ...buildUser({ username: u.username }), password: '' },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('keeps the password when the edit leaves it blank', async () => {
    const u = await createUser(t.app, tokens.administrador!);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      headers: headersFor('administrador'),
      payload: {
        username: u.username,
        nombre: 'Nuevo Nombre',
        email: 'nuevo@escuela.edu.uy',
        role: 'visitado',
        activo: true,
        password: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nombre: 'Nuevo Nombre', role: 'visitado' });
    expect((await login(t.app, u.username, u.password)).statusCode).toBe(200);
  });

  it('enforces the administrator-active rules with the spec messages', async () => {
    const make = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: headersFor('administrador'),
      payload: buildUser({ role: 'administrador', activo: false }),
    });
    expect(make.statusCode).toBe(400);
    expect(make.json().message).toBe(USER_MSG.adminMustBeActive);

    const other = await createUser(t.app, tokens.administrador!, { role: 'administrador' });
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers: headersFor('administrador'),
      payload: { ...buildUser({ username: other.username, role: 'administrador', activo: false }), password: '' },
    });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe(USER_MSG.cannotDeactivateAdmin);
  });

  it('does not let an administrator delete or demote themselves', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${adminId}`,
      headers: headersFor('administrador'),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(USER_MSG.cannotDeleteSelf);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}`,
      headers: headersFor('administrador'),
      payload: { username: 'admin', nombre: 'Admin', email: 'admin@escuela.edu.uy', role: 'voluntario', activo: true },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(USER_MSG.cannotDemoteSelf);
    const still = (await login(t.app, ADMIN.username, ADMIN.password)).json().user;
    expect(still.role).toBe('administrador');
  });

  it('answers 404 for an unknown user and 400 for an id that is not a UUID', async () => {
    const unknown = '01890000-0000-7000-8000-000000000000';
    const upd = { ...buildUser(), password: '' };
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/${unknown}`,
          headers: headersFor('administrador'),
          payload: upd,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${unknown}`, headers: headersFor('administrador') }))
        .statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/1%27%20or%201=1',
      headers: headersFor('administrador'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El identificador no es válido');
  });

  describe('bad input never writes and never answers 5xx', () => {
    const base = () => buildUser();
    const cases: [string, () => unknown, string][] = [
      ['missing fields', () => ({}), 'Usuario'],
      ['wrong types', () => ({ ...base(), activo: 'sí', role: 7 }), 'Activo'],
      ['unknown field', () => ({ ...base(), isAdmin: true }), 'isAdmin'],
      ['1 MB string', () => ({ ...base(), nombre: 'x'.repeat(1_000_000) }), 'Nombre completo'],
      ['invalid e-mail', () => ({ ...base(), email: 'no-es-un-email' }), 'Email'],
      ['short password', () => ({ ...base(), password: 'corta' }), 'Contraseña'],
      ['unknown role', () => ({ ...base(), role: 'superadmin' }), 'Rol'],
      ['username with spaces', () => ({ ...base(), username: 'con espacio' }), 'Usuario'],
      ['array body', () => [base()], 'Solicitud'],
    ];
    it.each(cases)('POST with %s → 400 naming the field', async (_name, payload, label) => {
      const before = await count();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: headersFor('administrador'),
        payload: payload() as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().message).toContain(label);
      expect(await count()).toBe(before);
    });

    it.each(cases.filter(([name]) => name !== 'short password'))(
      'PUT with %s → 400, the user unchanged',
      async (_name, payload, label) => {
        const u = await createUser(t.app, tokens.administrador!);
        const listed = async () =>
          (await t.app.inject({ url: '/api/users', headers: headersFor('administrador') }))
            .json()
            .find((x: { id: string }) => x.id === u.id);
        const before = await listed();
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/users/${u.id}`,
          headers: headersFor('administrador'),
          payload: payload() as object,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(label);
        expect(await listed()).toEqual(before);
        expect((await login(t.app, u.username, u.password)).statusCode).toBe(200);
      },
    );

    it('invalid JSON → 400, body over 2 MiB → 413, XML → 415, all in Spanish', async () => {
      const u = await createUser(t.app, tokens.administrador!);
      const json = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: { ...headersFor('administrador'), 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(VALIDATION_MSG.invalidJson);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: headersFor('administrador'),
        payload: { ...buildUser(), nombre: 'x'.repeat(3 * 1024 * 1024) },
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe(VALIDATION_MSG.payloadTooLarge);
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...headersFor('administrador'), 'content-type': 'application/xml' },
        payload: '<usuario/>',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toBe(VALIDATION_MSG.unsupportedMediaType);
    });
  });

  describe('the guest account is a system account', () => {
    type Listed = { id: string; username: string; role: string; activo: boolean; sistema: boolean; nombre: string };
    const listed = async (): Promise<Listed[]> =>
      (await t.app.inject({ url: '/api/users', headers: headersFor('administrador') })).json();
    const guest = async () => (await listed()).find((u) => u.username === GUEST_CREDENTIALS.username)!;
    const guestPayload = (g: Listed, overrides: Record<string, unknown> = {}) => ({
      username: g.username,
      nombre: g.nombre,
      email: `${GUEST_CREDENTIALS.username}@inscripciones.local`,
      role: g.role,
      activo: g.activo,
      password: '',
      ...overrides,
    });
    const put = (who: Who, id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: headersFor(who), payload });
    const guestLogin = () => login(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);

    it('is listed as the only system account', async () => {
      const all = await listed();
      expect(all.filter((u) => u.sistema).map((u) => u.username)).toEqual([GUEST_CREDENTIALS.username]);
      expect(await guest()).toMatchObject({ role: 'visitado', activo: true, sistema: true });
    });

    it.each(['none', 'visitado', 'voluntario'] as const)(
      '%s cannot deactivate or delete it (the same statuses as for any user)',
      async (who) => {
        const g = await guest();
        const status = who === 'none' ? 401 : 403;
        expect((await put(who, g.id, guestPayload(g, { activo: false }))).statusCode).toBe(status);
        const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${g.id}`, headers: headersFor(who) });
        expect(del.statusCode).toBe(status);
        expect(await guest()).toEqual(g);
      },
    );

    const identityChanges: [string, Record<string, unknown>][] = [
      ['role administrador', { role: 'administrador' }],
      ['role voluntario', { role: 'voluntario' }],
      ['another username', { username: 'visitante2' }],
      ['another name', { nombre: 'Otro Nombre' }],
      ['another e-mail', { email: 'otro@escuela.edu.uy' }],
      ['a password', { password: 'clave-nueva-1' }],
      ['a role change with a deactivation', { role: 'administrador', activo: false }],
    ];
    it.each(identityChanges)('the administrator gets 409 for %s, and nothing changes', async (_name, changes) => {
      const g = await guest();
      const res = await put('administrador', g.id, guestPayload(g, changes));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: USER_MSG.systemAccount });
      expect(await guest()).toEqual(g);
      const session = await guestLogin();
      expect(session.statusCode).toBe(200);
      expect(session.json().user.role).toBe('visitado');
    });

    it('the administrator gets 409 for a delete, and the guest button keeps working', async () => {
      const g = await guest();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${g.id}`,
        headers: headersFor('administrador'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_MSG.systemAccount);
      expect(await guest()).toEqual(g);
      expect((await guestLogin()).statusCode).toBe(200);
    });

    it('the administrator deactivates it (its sessions end, it cannot sign in) and reactivates it', async () => {
      const g = await guest();
      const guestToken = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
      const off = await put('administrador', g.id, guestPayload(g, { activo: false }));
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: g.id, activo: false, sistema: true, role: 'visitado' });
      expect((await t.app.inject({ url: '/api/inscriptos', headers: bearer(guestToken) })).statusCode).toBe(401);
      const refused = await guestLogin();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MSG.inactiveUser);

      const on = await put('administrador', g.id, guestPayload(g, { activo: true }));
      expect(on.statusCode).toBe(200);
      expect(await guest()).toEqual(g);
      expect((await guestLogin()).json().user.role).toBe('visitado');
      tokens.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    });
  });
});
