import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from '../test/helper.ts';
import { openDatabase } from './database.ts';

/** What an export's process opens (lib/heavy-jobs.ts): the server's database, for reading only. */
describe.each(DIALECTS)('the connection of an export process on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reads what the server wrote and cannot write', async () => {
    const { db } = openDatabase(t.app.ctx.heavyJobs.database);
    try {
      const users = await db.selectFrom('users').select('username').execute();
      expect(users.map((u) => u.username)).toContain('admin');
      await expect(
        db.updateTable('users').set({ username: 'otro' }).where('username', '=', 'admin').execute(),
      ).rejects.toThrow(/readonly|read-only/i);
    } finally {
      await db.destroy();
    }
    const still = await t.app.ctx.db.selectFrom('users').select('username').execute();
    expect(still.map((u) => u.username)).toContain('admin');
  });
});
