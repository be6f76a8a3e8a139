import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS, SESSION_TTL_SECONDS } from '@inscripciones/shared/constants.ts';
import { LOGIN_LIMITS } from '../../rate-limits/login-limiter.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  login,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock();
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    adminToken = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  it('logs in with the right password and returns the SPEC 7 shape', async () => {
    const res = await login(t.app, ADMIN.username, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { username: 'admin', role: 'administrador' } });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(typeof body.message).toBe('string');
    expect(body.user).not.toHaveProperty('password_hash');
    expect(new Date(body.expiresAt).getTime() - time.clock().getTime()).toBe(SESSION_TTL_SECONDS * 1000);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const res = await login(t.app, '  ADMIN ', ADMIN.password);
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password and an unknown user with the same Spanish message', async () => {
    const wrong = await login(t.app, ADMIN.username, 'incorrecta');
    const unknown = await login(t.app, 'nadie', 'incorrecta');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MSG.invalidCredentials, code: 'UNAUTHENTICATED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects missing fields with 400 naming them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields.map((f: { label: string }) => f.label)).toEqual(['Usuario', 'Contraseña']);
    const blank = await login(t.app, '   ', '');
    expect(blank.statusCode).toBe(400);
  });

  it('rejects invalid JSON, wrong types, unknown fields and huge strings with 400, never 5xx', async () => {
    const cases = [
      { payload: '{"username": "admin",', contentType: 'application/json' },
      { payload: JSON.stringify({ username: 5, password: true }), contentType: 'application/json' },
      {
        payload: JSON.stringify({ username: 'admin', password: 'x', role: 'administrador' }),
        contentType: 'application/json',
      },
      { payload: JSON.stringify({ username: 'a'.repeat(1_000_000), password: 'x' }), contentType: 'application/json' },
      { payload: JSON.stringify([1, 2]), contentType: 'application/json' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: c.payload,
        headers: { 'content-type': c.contentType },
      });
      expect(res.statusCode, c.payload.slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(/[a-záéíóú]/i);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('lets the built-in guest account in as visitado', async () => {
    const res = await login(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('visitado');
  });

  it('rejects an inactive user at login and ends their open sessions', async () => {
    const u = await createUser(t.app, adminToken);
    const token = await tokenFor(t.app, u.username, u.password);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      headers: bearer(adminToken),
      payload: {
        username: u.username,
        nombre: 'Inactiva',
        email: 'inactiva@escuela.edu.uy',
        role: 'voluntario',
        activo: false,
      },
    });
    expect(deactivate.statusCode).toBe(200);

    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const res = await login(t.app, u.username, u.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MSG.inactiveUser);
  });

  it('rejects the token of a deleted user at once', async () => {
    const u = await createUser(t.app, adminToken);
    const token = await tokenFor(t.app, u.username, u.password);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(adminToken) });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(AUTH_MSG.sessionUserGone);
  });

  it('ends open sessions when the password changes', async () => {
    const u = await createUser(t.app, adminToken);
    const token = await tokenFor(t.app, u.username, u.password);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      headers: bearer(adminToken),
      payload: {
        username: u.username,
        nombre: 'N',
        email: 'n@escuela.edu.uy',
        role: 'voluntario',
        activo: true,
        password: 'otra-clave-9',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(t.app, u.username, 'otra-clave-9')).statusCode).toBe(200);
  });

  it('rejects a missing, malformed, tampered or foreign-signed token with 401', async () => {
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url');
    const noneAlg = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const variants: Record<string, string | undefined> = {
      missing: undefined,
      malformed: 'Bearer not-a-token',
      wrongScheme: `Basic ${token}`,
      tamperedPayload: `Bearer ${h}.${forgedPayload}.${s}`,
      tamperedSignature: `Bearer ${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      algNone: `Bearer ${noneAlg}.${p}.`,
    };
    for (const [name, authorization] of Object.entries(variants)) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a token signed with our key but without exp, iat or jti, or with a bad exp', async () => {
    const key = new TextEncoder().encode(fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim());
    const issued = decodeJwt(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const sign = async (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const me = async (claims: Record<string, unknown>) =>
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(await sign(claims)) })).statusCode;
    const { exp: _exp, iat: _iat, jti: _jti, ...rest } = issued;
    const now = Math.floor(time.clock().getTime() / 1000);
    // The same claims signed again are fine: the key is the server's.
    expect(await me(issued)).toBe(200);
    const variants: Record<string, Record<string, unknown>> = {
      'no exp': { ...rest, iat: now, jti: issued.jti },
      'exp as text': { ...rest, iat: now, jti: issued.jti, exp: `${now + 3600}` },
      'exp past a session': { ...rest, iat: now, jti: issued.jti, exp: now + SESSION_TTL_SECONDS + 1 },
      'exp in ten years': { ...rest, iat: now, jti: issued.jti, exp: now + 10 * 365 * 24 * 3600 },
      'no iat': { ...rest, jti: issued.jti, exp: now + 3600 },
      'iat in the future': { ...rest, iat: now + 3600, jti: issued.jti, exp: now + 7200 },
      'no jti': { ...rest, iat: now, exp: now + 3600 },
      'a short jti': { ...rest, iat: now, jti: 'x', exp: now + 3600 },
    };
    for (const [name, claims] of Object.entries(variants)) expect(await me(claims), name).toBe(401);
  });

  it('POST /api/auth/logout ends that session on every instance, and only that one', async () => {
    const first = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const second = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const other = await t.reopen();
    try {
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: AUTH_MSG.loggedOut });
      for (const app of [t.app, other]) {
        const res = await app.inject({ url: '/api/auth/me', headers: bearer(first) });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MSG.sessionEnded });
        expect((await app.inject({ url: '/api/users', headers: bearer(first) })).statusCode).toBe(401);
        expect((await app.inject({ url: '/api/auth/me', headers: bearer(second) })).statusCode).toBe(200);
      }
      // Once is enough: the ended token cannot log out again, on either instance.
      expect((await other.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) })).statusCode).toBe(
        401,
      );
    } finally {
      await other.close();
    }
  });

  it("one guest's logout leaves the other guests signed in (the session version stays)", async () => {
    const version = async () =>
      (
        await t.app.ctx.db
          .selectFrom('users')
          .select('session_version')
          .where('username', '=', GUEST_CREDENTIALS.username)
          .executeTakeFirstOrThrow()
      ).session_version;
    const before = await version();
    const [a, b] = [
      await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password),
      await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password),
    ];
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(a) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(b) })).statusCode).toBe(200);
    expect(await version()).toBe(before);
  });

  it('logs out every role; without a session, or with a bad token, logout is a 401', async () => {
    const admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const vol = await createUser(t.app, admin, { role: 'voluntario' });
    const users = [
      [ADMIN.username, ADMIN.password],
      [vol.username, vol.password],
      [GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password],
    ] as const;
    for (const [username, password] of users) {
      const token = await tokenFor(t.app, username, password);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(res.statusCode, username).toBe(200);
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode, username).toBe(401);
    }
    for (const headers of [{}, { authorization: 'Bearer x.y.z' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('keeps an ended session only until the token would have expired', async () => {
    const ended = async () => (await t.app.ctx.db.selectFrom('sesiones_cerradas').select('jti').execute()).length;
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await ended()).toBeGreaterThan(0);
    time.advance(SESSION_TTL_SECONDS * 1000 + 1000);
    // The next logout purges what has expired: only its own id is left.
    const next = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(next) });
    expect(await ended()).toBe(1);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(next) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('expires a token after 8 hours', async () => {
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    time.advance(SESSION_TTL_SECONDS * 1000 - 1000);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    time.advance(2000);
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MSG.sessionInvalid);
  });

  it('ignores role and user-id headers sent by the client', async () => {
    const guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const admin = (await login(t.app, ADMIN.username, ADMIN.password)).json().user;
    const res = await t.app.inject({
      url: '/api/users',
      headers: { ...bearer(guest), 'x-user-role': 'administrador', 'x-user-id': admin.id, role: 'administrador' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(guest), 'x-user-role': 'administrador' },
    });
    expect(me.json().user.role).toBe('visitado');
  });

  it('rate-limits failed logins per IP and username with 429, a Spanish message and Retry-After', async () => {
    const u = await createUser(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const from = (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_LIMITS.perIpAndUsername; i++)
      expect((await from('10.0.0.1', 'mala')).statusCode).toBe(401);
    const blocked = await from('10.0.0.1', u.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MSG.rateLimited(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked for the same user, and the window ends.
    expect((await from('10.0.0.2', u.password)).statusCode).toBe(200);
    time.advance(LOGIN_LIMITS.windowMs);
    expect((await from('10.0.0.1', u.password)).statusCode).toBe(200);
  });

  it('rate-limits an IP that tries many usernames, but not the colleagues who logged in from it nor the guest', async () => {
    const school = '10.9.9.9';
    const from = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: school });
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const colleague = await createUser(t.app, token);
    const newcomer = await createUser(t.app, token);
    expect((await from(colleague.username, colleague.password)).statusCode).toBe(200);

    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) expect((await from(`probe${i}`, 'x')).statusCode).toBe(401);
    const blocked = await from('otro', 'x');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MSG.rateLimited(15));
    // An account that never logged in from this address waits, even with the right password...
    expect((await from(newcomer.username, newcomer.password)).statusCode).toBe(429);
    // ...but the school keeps working: a colleague known at this address, and the guest button.
    expect((await from(colleague.username, colleague.password)).statusCode).toBe(200);
    expect((await from(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password)).statusCode).toBe(200);
    // A known colleague is still limited per (IP, username): being known does not open guessing.
    for (let i = 0; i < LOGIN_LIMITS.perIpAndUsername; i++) {
      expect((await from(colleague.username, 'mala')).statusCode).toBe(401);
    }
    expect((await from(colleague.username, colleague.password)).statusCode).toBe(429);
    time.advance(LOGIN_LIMITS.windowMs);
    expect((await from(newcomer.username, newcomer.password)).statusCode).toBe(200);
  });

  it('holds both limits exactly under a burst of simultaneous failed logins on two instances', async () => {
    const u = await createUser(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const other = await t.reopen();
    try {
      const burst = (n: number, username: (i: number) => string, remoteAddress: string) =>
        Promise.all(
          Array.from({ length: n }, async (_, i) => {
            const app = i % 2 ? other : t.app;
            const payload = { username: username(i), password: 'mala-clave' };
            return (await app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress })).statusCode;
          }),
        );
      const guesses = await burst(20, () => u.username, '10.7.7.1');
      expect(guesses.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perIpAndUsername);
      expect(guesses.filter((c) => c === 429)).toHaveLength(20 - LOGIN_LIMITS.perIpAndUsername);
      const probes = await burst(40, (i) => `sonda${i}`, '10.7.7.2');
      expect(probes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perIp);
      expect(probes.filter((c) => c === 429)).toHaveLength(40 - LOGIN_LIMITS.perIp);
    } finally {
      await other.close();
    }
  });

  it('does not count successful logins towards the address', async () => {
    const u = await createUser(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const from = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: '10.8.8.9',
      });
    for (let i = 0; i < LOGIN_LIMITS.perIp - 1; i++) expect((await from(`otra${i}`, 'x')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await from(u.username, u.password)).statusCode).toBe(200);
    expect((await from('ultima', 'x')).statusCode).toBe(401);
    expect((await from('una-mas', 'x')).statusCode).toBe(429);
  });

  it('30 failed logins for one username lock that username only: a newcomer and the guest still sign in from the IP', async () => {
    const school = '10.8.8.8';
    const from = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: school });
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const target = await createUser(t.app, token);
    const newcomer = await createUser(t.app, token); // never signed in from this address
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await from(target.username, `mala-${i}`)).statusCode);
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_LIMITS.perIpAndUsername).fill(401),
      ...Array<number>(30 - LOGIN_LIMITS.perIpAndUsername).fill(429),
    ]);
    expect((await from(target.username, target.password)).statusCode).toBe(429);
    expect((await from(newcomer.username, newcomer.password)).statusCode).toBe(200);
    expect((await from(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password)).statusCode).toBe(200);
  });

  it('keeps the failed-login count across a restart', async () => {
    const u = await createUser(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const from = (app: TestApp['app'], password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password },
        remoteAddress: '10.4.4.4',
      });
    for (let i = 0; i < LOGIN_LIMITS.perIpAndUsername; i++) expect((await from(t.app, 'mala')).statusCode).toBe(401);
    const restarted = await t.reopen();
    try {
      expect((await from(restarted, u.password)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});
