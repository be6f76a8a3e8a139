import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { entryHash, GENESIS_HASH } from '../../lib/audit-chain.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { familiasSueltas, insertFamilies } from '../../test/sorteo-test-data.ts';
import { verificarAuditoria } from './verificar-auditoria.ts';

/**
 * History anchored in public. The public status publishes the audit entry of the raffle's
 * latest step; `auditoria:verificar --ancla SEQ:HASH` then fails when anything before it was rewritten, even
 * by someone who recomputed the whole chain, and a raffle deleted from the database is reported.
 */

/** Someone with the database rewrites entry 1 and recomputes every link after it, and the head. */
async function rewriteHistory(t: TestApp) {
  const rows = await t.app.ctx.db.selectFrom('auditoria').selectAll().orderBy('seq').execute();
  let previous = GENESIS_HASH;
  for (const row of rows) {
    const e = { ...row, seq: Number(row.seq), usuario: row.seq === 1 ? 'otra-persona' : row.usuario };
    const hash = entryHash(previous, e);
    await t.app.ctx.db
      .updateTable('auditoria')
      .set({ usuario: e.usuario, hash_anterior: previous, hash })
      .where('seq', '=', e.seq)
      .execute();
    previous = hash;
  }
  await t.app.ctx.db.updateTable('auditoria_cabeza').set({ ultimo_hash: previous }).where('id', '=', 1).execute();
}

describe.each(DIALECTS)('the audit anchored in public, on %s', (dialect) => {
  let t: TestApp;
  let ancla: NonNullable<TSorteoStatus['ancla']>;
  let anulado: string;
  const status = async () => (await t.app.inject({ method: 'GET', url: '/api/sorteo/status' })).json() as TSorteoStatus;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    await insertFamilies(t.app.ctx.db, new Date(), familiasSueltas(6, 'Anclada'));
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await post('/api/sorteo/start', {
      plazasNenas: 1,
      plazasVarones: 1,
      fuenteValorPublico: { tipo: 'dados', cantidad: 2 },
    });
    await post('/api/sorteo/valor-publico', { valor: '3 1', origen: 'Dados lanzados por la escribana' });
    expect((await status()).ancla).not.toBeNull();
    await post('/api/sorteo/end', { motivo: 'Prueba del ancla.' });
    const s = await status();
    anulado = s.ultimoArchivado!.id;
    ancla = s.ancla!;
  });
  afterAll(() => t.close());

  it("publishes the audit entry of the raffle's latest step, without logging in", async () => {
    const last = await t.app.ctx.db
      .selectFrom('auditoria')
      .select(['seq', 'hash'])
      .where('inscripto_id', '=', `sorteo:${anulado}`)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(ancla).toEqual({ seq: Number(last.seq), hash: last.hash });
    expect(await verificarAuditoria(t.app.ctx.db, ancla)).toEqual({
      ok: true,
      lineas: [`Auditoría íntegra: ${ancla.seq} entradas verificadas. Contiene el ancla #${ancla.seq}.`],
    });
  });

  it('reports an annulled raffle deleted from the database, which the public views no longer show', async () => {
    await t.app.ctx.db.deleteFrom('sorteo_revelaciones').where('sorteo_id', '=', anulado).execute();
    await t.app.ctx.db.deleteFrom('sorteo_actas').where('sorteo_id', '=', anulado).execute();
    await t.app.ctx.db.deleteFrom('sorteo_contenidos').where('sorteo_id', '=', anulado).execute();
    await t.app.ctx.db.deleteFrom('sorteos').where('id', '=', anulado).execute();
    expect((await status()).sorteosDelCiclo.map((s) => s.id)).not.toContain(anulado);
    const result = await verificarAuditoria(t.app.ctx.db, ancla);
    expect(result.ok).toBe(false);
    expect(result.lineas).toContain(`El sorteo ${anulado} figura en la auditoría pero falta en la base: fue borrado.`);
  });

  it('a chain rewritten and recomputed from scratch verifies alone, but not against the anchor', async () => {
    await rewriteHistory(t);
    const alone = await verificarAuditoria(t.app.ctx.db, null);
    expect(alone.lineas.join('\n')).not.toContain('Auditoría alterada');
    const anchored = await verificarAuditoria(t.app.ctx.db, ancla);
    expect(anchored.ok).toBe(false);
    expect(anchored.lineas).toContain(
      `La auditoría no contiene el ancla publicada: la entrada #${ancla.seq} tiene otro hash. ` +
        'Algo anterior al ancla fue borrado o reescrito.',
    );
  });
});

describe('npm run auditoria:verificar', () => {
  const CLI = path.join(import.meta.dirname, 'verify-cli.ts');
  const run = (dataDir: string, args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });

  it('prints the count when intact and the first broken link (exit 1) when not', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
      await postInscripto(t.app, token, buildInscripto(new Date()));
      await postInscripto(t.app, token, buildInscripto(new Date()));
      expect(await run(t.dataDir, [])).toEqual({ code: 0, out: 'Auditoría íntegra: 2 entradas verificadas.\n' });
      await t.app.ctx.db.deleteFrom('auditoria').where('seq', '=', 2).execute();
      const broken = await run(t.dataDir, []);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('el primer enlace roto es la entrada #2');
    } finally {
      await t.close();
    }
  });

  it('exits 0 with the anchor held, 1 once history before it is rewritten, 2 for a malformed anchor', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
      await insertFamilies(t.app.ctx.db, new Date(), familiasSueltas(6, 'Anclada'));
      await t.app.inject({
        method: 'POST',
        url: '/api/sorteo/start',
        headers: auth,
        payload: { fuenteValorPublico: { tipo: 'dados', cantidad: 2 } },
      });
      const { ancla } = (await t.app.inject({ method: 'GET', url: '/api/sorteo/status' })).json() as TSorteoStatus;
      const arg = `${ancla!.seq}:${ancla!.hash}`;
      expect(await run(t.dataDir, ['--ancla', arg])).toMatchObject({ code: 0 });
      expect(await run(t.dataDir, ['--ancla', 'no-es-un-ancla'])).toMatchObject({ code: 2 });
      await rewriteHistory(t);
      expect(await run(t.dataDir, [])).toMatchObject({ code: 0 });
      const rewritten = await run(t.dataDir, ['--ancla', arg]);
      expect(rewritten.code).toBe(1);
      expect(rewritten.out).toContain(
        `La auditoría no contiene el ancla publicada: la entrada #${ancla!.seq} tiene otro hash.`,
      );
    } finally {
      await t.close();
    }
  });
});
