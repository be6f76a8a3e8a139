import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claveDerivada } from '../../lib/codigos.ts';
import { sellarSemilla, semillaEnClaro } from '../../lib/semilla-cifrada.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { familiasSueltas, insertFamilies } from '../../test/sorteo-test-data.ts';
import { commitment } from './sorteo-random.ts';

/**
 * Until the raffle closes, the database alone does not give its seed away, so whoever
 * reads it cannot compute the plan and grind spellings of the public value against it. At the close the
 * seed is revealed, matching the commitment published at the start.
 */

describe.each(DIALECTS)('the sealed seed, on %s', (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  /** Every row a raffle writes, as text: what someone with the database in hand can read. */
  const everything = async () =>
    JSON.stringify([
      await t.app.ctx.db.selectFrom('sorteos').selectAll().execute(),
      await t.app.ctx.db.selectFrom('sorteo_contenidos').selectAll().execute(),
      await t.app.ctx.db.selectFrom('auditoria').selectAll().execute(),
    ]);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    await insertFamilies(t.app.ctx.db, new Date(), familiasSueltas(12, 'Sellada'));
  });
  afterAll(() => t.close());

  it('no column holds the seed before the end; the end reveals the one committed to', async () => {
    const started = await ok('POST', '/api/sorteo/start', {
      plazasNenas: 2,
      plazasVarones: 2,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    const stored = await t.app.ctx.db.selectFrom('sorteos').select(['semilla', 'compromiso']).executeTakeFirstOrThrow();
    expect(stored.semilla).not.toMatch(/^[0-9a-f]{64}$/);
    await ok('POST', '/api/sorteo/valor-publico', { valor: '2 6 4', origen: 'Dados lanzados por la escribana' });
    const first = await ok('POST', '/api/sorteo/next');
    await ok('POST', '/api/sorteo/confirm', { participante: first.participante, index: first.index });
    const during = await everything();

    for (;;) {
      const next = await ok('POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok('POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    await ok('POST', '/api/sorteo/end', {});
    const revealed = await t.app.ctx.db.selectFrom('sorteos').select('semilla').executeTakeFirstOrThrow();
    expect(revealed.semilla).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment(revealed.semilla)).toBe(stored.compromiso);
    expect(JSON.stringify(started)).not.toContain(revealed.semilla);
    expect(during).not.toContain(revealed.semilla);
  });
});

describe('sellarSemilla', () => {
  const semilla = crypto.randomBytes(32).toString('hex');
  const clave = claveDerivada('un secreto del servidor de pruebas, largo', 'semillas-sorteo');

  it('opens under the same key and raffle only', () => {
    const sellada = sellarSemilla(clave, semilla, 'sorteo-a');
    expect(sellada).not.toContain(semilla);
    expect(semillaEnClaro(clave, sellada, 'sorteo-a')).toBe(semilla);
    expect(semillaEnClaro(clave, sellada, 'sorteo-b')).toBeNull();
    const otra = claveDerivada('otro secreto del servidor de pruebas, largo', 'semillas-sorteo');
    expect(semillaEnClaro(otra, sellada, 'sorteo-a')).toBeNull();
  });

  it('reads a revealed seed, and one stored before sealing existed, as it is', () => {
    expect(semillaEnClaro(clave, semilla, 'sorteo-a')).toBe(semilla);
  });
});
