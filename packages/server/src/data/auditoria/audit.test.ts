import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from './audit-repository.ts';

/** Writes through the API, then checks the stored chain (read in small batches) and tampers with it. */
describe.each(DIALECTS)('stored audit chain on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 3; i++) {
      const data = buildInscripto(new Date());
      const rec = await postInscripto(t.app, token, data);
      await t.app.inject({
        method: 'PUT',
        url: `/api/inscriptos/${rec.id}`,
        headers: bearer(token),
        payload: { ...data, observaciones: `cambio ${i}`, version: rec.version },
      });
    }
  });
  afterAll(() => t.close());

  const check = async () => verifyChain(allAuditEntries(t.app.ctx.db, 2), await auditHead(t.app.ctx.db));

  it('is intact after creates and saves', async () => {
    expect(await check()).toEqual({ ok: true, checked: 6 });
  });

  it('points at an entry edited in the database', async () => {
    await t.app.ctx.db.updateTable('auditoria').set({ usuario: 'otra-persona' }).where('seq', '=', 4).execute();
    expect(await check()).toMatchObject({ ok: false, seq: 4, checked: 3 });
  });
});

describe('npm run auditoria:verificar', () => {
  const CLI = path.join(import.meta.dirname, '../../cli/audit/verify-cli.ts');
  const run = (dataDir: string) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } });
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
      expect(await run(t.dataDir)).toEqual({ code: 0, out: 'Auditoría íntegra: 2 entradas verificadas.\n' });
      await t.app.ctx.db.deleteFrom('auditoria').where('seq', '=', 2).execute();
      const broken = await run(t.dataDir);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('el primer enlace roto es la entrada #2');
    } finally {
      await t.close();
    }
  });
});
