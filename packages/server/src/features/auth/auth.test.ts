import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS, SESSION_TTL_SECONDS } from '@inscripciones/shared/constants.ts';
import { LOGIN_LIMITS } from '../../domain/login/login-limiter.ts';
import { DEVICE_COOKIE_TTL_MS } from '../../lib/device-cookies.ts';
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

  // ---------------------------------------------------------------- throttle (decision 0003)

  let seq = 0;
  /** An address of its own for each call (rotating addresses, as from a botnet or a spoofing client). */
  const fresh = () => `10.60.${++seq >> 8}.${seq & 255}`;
  /** A login from `ip`, from a browser whose cookies (a Cookie header) are `cookies`, if any. */
  const attempt = (username: string, password: string, ip = fresh(), cookies?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
      ...(cookies ? { headers: { cookie: cookies } } : {}),
    });
  /** The Set-Cookie line of a login, and the `name=value` a browser sends back. */
  const setCookie = (res: { headers: Record<string, unknown> }) => {
    const set = res.headers['set-cookie'];
    return (Array.isArray(set) ? set[0] : set) as string | undefined;
  };
  const deviceCookie = (res: { headers: Record<string, unknown> }) => setCookie(res)!.split(';')[0]!;
  const person = async () => createUser(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
  const lockOut = async (username: string) => {
    for (let i = 0; i < LOGIN_LIMITS.perUsername; i++) expect((await attempt(username, 'mala')).statusCode).toBe(401);
  };

  it('makes a browser that logged in a known device of that user: an HttpOnly, SameSite=Strict cookie for /api/auth', async () => {
    const u = await person();
    const res = await attempt(u.username, u.password);
    expect(res.statusCode).toBe(200);
    const line = setCookie(res)!;
    expect(line).toMatch(/^disp_[\w-]{16}=v1\.[\w-]{22}\.\d+\.[\w-]{43}; /);
    expect(line).toContain('; Path=/api/auth');
    expect(line).toContain('; HttpOnly');
    expect(line).toContain('; SameSite=Strict');
    expect(line).toMatch(/; Max-Age=\d+/);
    expect(line).not.toContain('Secure'); // plain http here; https gets it (trust-proxy.test.ts)
    expect(line).not.toContain(u.username);
    // The guest is never limited: it needs no cookie.
    expect(setCookie(await attempt(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password))).toBeUndefined();
  });

  it('5 failures for one user from rotating addresses: the 6th is a 429 even with the right password from a new browser', async () => {
    const u = await person();
    await lockOut(u.username);
    const blocked = await attempt(u.username, u.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: AUTH_MSG.rateLimited(15) });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(setCookie(blocked)).toBeUndefined();
    time.advance(LOGIN_LIMITS.windowMs);
    expect((await attempt(u.username, u.password)).statusCode).toBe(200);
  });

  it("a browser that logged in before is not locked out by others' failures, and has a budget of its own", async () => {
    const u = await person();
    const home = await attempt(u.username, u.password, '10.61.0.1');
    let cookie = deviceCookie(home);
    await lockOut(u.username);
    expect((await attempt(u.username, u.password)).statusCode).toBe(429);
    // Its own browser, from its own or any other address.
    const known = await attempt(u.username, u.password, '10.61.0.2', cookie);
    expect(known.statusCode).toBe(200);
    cookie = deviceCookie(known); // renewed at every login
    // Its budget is bounded too: 5 failures lock this browser (only).
    for (let i = 0; i < LOGIN_LIMITS.perDevice; i++) {
      expect((await attempt(u.username, 'mala', '10.61.0.1', cookie)).statusCode).toBe(401);
    }
    const spent = await attempt(u.username, u.password, '10.61.0.1', cookie);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toBe(AUTH_MSG.rateLimited(15));
    const other = await person();
    // Another user's login from the same browser is not affected.
    expect((await attempt(other.username, other.password, '10.61.0.1', cookie)).statusCode).toBe(200);
    time.advance(LOGIN_LIMITS.windowMs);
    expect((await attempt(u.username, u.password, '10.61.0.1', cookie)).statusCode).toBe(200);
  });

  it("a forged, edited, expired or another user's device cookie gives no exemption", async () => {
    const x = await person();
    const y = await person();
    const own = deviceCookie(await attempt(x.username, x.password));
    const ys = deviceCookie(await attempt(y.username, y.password));
    const [nameX, valueX] = own.split('=') as [string, string];
    const valueY = ys.split('=')[1]!;
    await lockOut(x.username);
    const [v, nonce, expiry, mac] = valueX.split('.') as [string, string, string, string];
    const forgeries = {
      "y's cookie": ys,
      "y's value under x's name": `${nameX}=${valueY}`,
      'a made-up value': `${nameX}=v1.${'A'.repeat(22)}.${expiry}.${'B'.repeat(43)}`,
      'another nonce': `${nameX}=${v}.${'C'.repeat(22)}.${expiry}.${mac}`,
      'a later expiry': `${nameX}=${v}.${nonce}.${Number(expiry) + 1}.${mac}`,
      'no signature': `${nameX}=${v}.${nonce}.${expiry}.`,
      garbage: `${nameX}=%00; ${nameX}x=1`,
    };
    for (const [name, cookies] of Object.entries(forgeries)) {
      expect((await attempt(x.username, x.password, fresh(), cookies)).statusCode, name).toBe(429);
    }
    expect((await attempt(x.username, x.password, fresh(), `${ys}; ${own}`)).statusCode).toBe(200);
    // An expired one is no cookie either.
    time.advance(DEVICE_COOKIE_TTL_MS);
    await lockOut(x.username);
    expect((await attempt(x.username, x.password, fresh(), own)).statusCode).toBe(429);
  });

  it("30 failures for other usernames from one address: a colleague's right password still logs in (slowed), and the guest", async () => {
    const school = '10.9.9.9';
    const colleague = await person(); // never logged in from this browser: no device cookie
    for (let i = 0; i < LOGIN_LIMITS.perIpBeforeDelay; i++) {
      expect((await attempt(`sonda${i}`, 'x', school)).statusCode).toBe(401);
    }
    const started = performance.now();
    expect((await attempt(colleague.username, colleague.password, school)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.delayStepMs - 5);
    expect((await attempt(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, school)).statusCode).toBe(200);
    // Spraying goes on being answered, never locks, only waits longer: 401, not 429.
    expect((await attempt('una-sonda-mas', 'x', school)).statusCode).toBe(401);
  });

  it('wrong guest passwords never lock the guest button', async () => {
    const school = '10.9.9.10';
    for (let i = 0; i < 30; i++) {
      const ip = i % 2 ? school : fresh();
      expect((await attempt(GUEST_CREDENTIALS.username, `mala${i}`, ip)).statusCode).toBe(401);
    }
    expect((await attempt(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, school)).statusCode).toBe(200);
    expect((await attempt(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password)).statusCode).toBe(200);
  });

  it('a right password neither counts against the username nor resets it', async () => {
    const u = await person();
    for (let i = 0; i < LOGIN_LIMITS.perUsername - 1; i++)
      expect((await attempt(u.username, 'mala')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt(u.username, u.password)).statusCode).toBe(200);
    expect((await attempt(u.username, 'mala')).statusCode).toBe(401);
    expect((await attempt(u.username, u.password)).statusCode).toBe(429);
  });

  it('holds the budgets exactly under a burst of simultaneous failed logins on two instances', async () => {
    const u = await person();
    const cookie = deviceCookie(await attempt(u.username, u.password));
    const other = await t.reopen();
    try {
      const burst = (cookies?: string) =>
        Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const app = i % 2 ? other : t.app;
            const payload = { username: u.username, password: 'mala-clave' };
            const headers = cookies ? { cookie: cookies } : {};
            const res = await app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload,
              headers,
              remoteAddress: fresh(),
            });
            return res.statusCode;
          }),
        );
      for (const [guesses, budget] of [
        [await burst(), LOGIN_LIMITS.perUsername],
        [await burst(cookie), LOGIN_LIMITS.perDevice],
      ] as const) {
        expect(guesses.filter((c) => c === 401)).toHaveLength(budget);
        expect(guesses.filter((c) => c === 429)).toHaveLength(20 - budget);
      }
    } finally {
      await other.close();
    }
  });

  it('30 failed logins for one username lock that username only: a newcomer and the guest still sign in from the IP', async () => {
    const school = '10.8.8.8';
    const target = await person();
    const newcomer = await person();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(target.username, `mala-${i}`, school)).statusCode);
    expect(statuses).toEqual([
      ...Array<number>(LOGIN_LIMITS.perUsername).fill(401),
      ...Array<number>(30 - LOGIN_LIMITS.perUsername).fill(429),
    ]);
    expect((await attempt(target.username, target.password, school)).statusCode).toBe(429);
    expect((await attempt(newcomer.username, newcomer.password, school)).statusCode).toBe(200);
    expect((await attempt(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password, school)).statusCode).toBe(200);
  });

  it('keeps the failed-login count across a restart', async () => {
    const u = await person();
    await lockOut(u.username);
    const restarted = await t.reopen();
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password: u.password },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});
