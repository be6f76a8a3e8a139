import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../lib/config.ts';
import { createServer } from '../server.ts';
import { TEST_DATABASE_URL } from '../test/helper.ts';
import { ensureAdministrator } from '../domain/users/bootstrap-admin.ts';
import { withStartupLock } from './startup-lock.ts';

/** Several instances starting at once on one fresh PostgreSQL database (the process-level check is multi-instance.test.ts). */
describe.skipIf(!TEST_DATABASE_URL)('start-up on one fresh PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let dataDir = '';
  const apps: FastifyInstance[] = [];
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await query(`drop schema if exists ${schema} cascade`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and creates the first administrator exactly once when four instances start together', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-startup-'));
    await query(`create schema ${schema}`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DATABASE_URL!,
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_USERNAME: 'directora',
      ADMIN_PASSWORD: 'clave-inicial-1',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    const started = await Promise.allSettled([1, 2, 3, 4].map(() => createServer(config, { pgSchema: schema })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const admins = await query(
      `select username from ${schema}.users join ${schema}.usuario_escuelas m on m.usuario_id = users.id where m.role = 'administrador'`,
    );
    expect(admins).toEqual([{ username: 'directora' }]);
    const applied = await query(`select count(*)::int as n from ${schema}.kysely_migration`);
    expect(applied[0].n).toBeGreaterThan(0);
  });

  it('lets exactly one of several instances create the missing administrator', async () => {
    // The race the lock closes: every instance counts no administrator, then each inserts one.
    await query(
      `delete from ${schema}.users where id in (select usuario_id from ${schema}.usuario_escuelas where role = 'administrador')`,
    );
    const results = await Promise.all(
      apps.map((app) =>
        withStartupLock(app.ctx.db, 'postgres', () =>
          ensureAdministrator(app.ctx.db, 'rectora', 'clave-inicial-2', new Date()),
        ),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const admins = await query(
      `select username from ${schema}.users join ${schema}.usuario_escuelas m on m.usuario_id = users.id where m.role = 'administrador'`,
    );
    expect(admins).toEqual([{ username: 'rectora' }]);
  });
});
