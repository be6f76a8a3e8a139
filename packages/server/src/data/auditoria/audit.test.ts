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
