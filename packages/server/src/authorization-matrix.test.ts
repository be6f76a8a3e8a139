import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ADMIN, DIALECTS, buildTestApp, createUser, tokenFor, type TestApp } from './test/helper.ts';
import { ADMITTED, WHO, inCallOrder, routesOf, statusOf, type Who } from './test/authorization-table.ts';

/**
 * Every route the server registers × every kind of caller (SPEC 6 and shared/permissions.ts): the anonymous
 * caller, the guest (visitado), a volunteer and an administrator. A caller the route refuses gets 401 without a
 * session and 403 with one, before the body is looked at; a caller it admits never gets 401 or 403. The
 * requests carry an empty body and ids of no record, so nothing is written; the feature tests check what an
 * admitted caller may do to which record (a volunteer edits only their own enrolments, and so on).
 * The table (test/authorization-table.ts) must list exactly the routes of the OpenAPI document: a new endpoint
 * fails here until it is added.
 */
describe.each(DIALECTS)('authorization matrix: every route × every role (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  const tokens: Partial<Record<Who, string>> = {};
  let routes: string[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tokens.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tokens.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tokens.administrador, { role: 'voluntario' });
    tokens.voluntario = await tokenFor(t.app, vol.username, vol.password);
    routes = routesOf(t.app);
    // Real HTTP: the live boards are event streams that never end; the status line is all this test reads.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('lists exactly the routes the server registers', () => {
    expect([...routes].sort()).toEqual(Object.keys(ADMITTED).sort());
  });

  it.each(WHO)('%s: refused where SPEC 6 refuses it (401 or 403), admitted everywhere else', async (who) => {
    const refused = who === 'none' ? 401 : 403;
    const wrong: string[] = [];
    for (const route of inCallOrder(Object.keys(ADMITTED))) {
      const got = await statusOf(base, route, tokens[who]);
      const admitted = ADMITTED[route]!.includes(who);
      if (admitted ? got === 401 || got === 403 : got !== refused) {
        wrong.push(`${route}: ${got} (expected ${admitted ? 'neither 401 nor 403' : refused})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
