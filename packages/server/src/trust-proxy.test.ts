import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { ADMIN, DIALECTS, buildTestApp, createUser, tokenFor, type TestApp } from './test/helper.ts';
import { LOGIN_LIMITS } from './domain/login/login-limiter.ts';
import { ESTADO_LIMITS } from './features/estado/estado-service.ts';

/**
 * TRUST_PROXY (docs/operations.md): behind a proxy the client's address is the one the proxy saw. What a
 * client writes in X-Forwarded-For itself (nginx's $proxy_add_x_forwarded_for keeps it, before the address
 * it appends) must not choose the address the limits count and the access log keeps.
 */
const PROXY = '10.0.0.10';

describe.each(DIALECTS)('addresses behind a proxy on %s', (dialect) => {
  let one: TestApp;
  let listed: TestApp;
  let spoof = 0;
  const invented = () => `198.18.${++spoof >> 8}.${spoof & 255}`;

  /** A request as nginx forwards it: the header the client sent, then the address nginx saw. */
  const through = (t: TestApp, client: string, request: { method: 'POST'; url: string; payload: object }) =>
    t.app.inject({ ...request, remoteAddress: PROXY, headers: { 'x-forwarded-for': `${invented()}, ${client}` } });
  const lookup = (numeroInscripcion: number) => ({
    method: 'POST' as const,
    url: '/api/estado',
    payload: { numeroInscripcion, codigo: 'AAAAAAAAAA' },
  });
  const loggedFrom = async (t: TestApp, ip: string) =>
    (await t.app.ctx.db.selectFrom('accesos').select('ip').where('ip', '=', ip).execute()).length;

  beforeAll(async () => {
    one = await buildTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    listed = await buildTestApp(dialect, { env: { TRUST_PROXY: '10.0.0.0/24' } });
  });
  afterAll(async () => {
    await one.close();
    await listed.close();
  });

  it('TRUST_PROXY=1: a client rotating invented X-Forwarded-For still gets 429 at the 6th failed login', async () => {
    const u = await createUser(one.app, await tokenFor(one.app, ADMIN.username, ADMIN.password));
    const attempt = (password: string) =>
      through(one, '203.0.113.7', {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password },
      });
    for (let i = 0; i < LOGIN_LIMITS.perUsername; i++) expect((await attempt('mala')).statusCode).toBe(401);
    const sixth = await attempt(u.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(AUTH_MSG.rateLimited(15));
  });

  it('TRUST_PROXY=1: the device cookie is Secure when the proxy says the request came over https', async () => {
    const u = await createUser(one.app, await tokenFor(one.app, ADMIN.username, ADMIN.password));
    const loginVia = (proto: string | undefined) =>
      one.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: u.username, password: u.password },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '203.0.113.30', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      });
    const https = await loginVia('https');
    expect(https.statusCode).toBe(200);
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    expect(String((await loginVia(undefined)).headers['set-cookie'])).not.toContain('Secure');
  });

  it("TRUST_PROXY=1: the status page's limit and the access log see the address the proxy saw", async () => {
    const client = '203.0.113.8';
    for (let i = 0; i < ESTADO_LIMITS.perIp; i++) {
      expect((await through(one, client, lookup(80_000 + i))).statusCode).toBe(404);
    }
    const limited = await through(one, client, lookup(81_000));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ESTADO_MSG.demasiadas(15));
    // Another client behind the same proxy is not limited with it.
    expect((await through(one, '203.0.113.9', lookup(81_001))).statusCode).toBe(404);
    expect(await loggedFrom(one, client)).toBe(ESTADO_LIMITS.perIp + 1);
    const invented = await one.app.ctx.db.selectFrom('accesos').select('ip').where('ip', 'like', '198.18.%').execute();
    expect(invented).toEqual([]);
    expect(await loggedFrom(one, PROXY)).toBe(0);
  });

  it('TRUST_PROXY=<CIDR>: believes the listed proxies only, through a chain of them', async () => {
    expect((await through(listed, '203.0.113.20', lookup(90_001))).statusCode).toBe(404);
    expect(await loggedFrom(listed, '203.0.113.20')).toBe(1);
    // Two proxies of the list: nginx behind a balancer.
    const chained = await listed.app.inject({
      ...lookup(90_002),
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${invented()}, 203.0.113.21, 10.0.0.11` },
    });
    expect(chained.statusCode).toBe(404);
    expect(await loggedFrom(listed, '203.0.113.21')).toBe(1);
    // A client that reaches the app directly: its own header is not believed.
    const direct = await listed.app.inject({
      ...lookup(90_003),
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '203.0.113.22' },
    });
    expect(direct.statusCode).toBe(404);
    expect(await loggedFrom(listed, '198.51.100.4')).toBe(1);
    expect(await loggedFrom(listed, '203.0.113.22')).toBe(0);
  });
});
