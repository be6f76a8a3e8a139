import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN, TEST_DATABASE_URL, bearer, buildTestApp, tokenFor } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { openDatabase } from '../../db/database.ts';
import { verifyPassword } from '../../lib/password.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';

const CLI = path.join(import.meta.dirname, 'restore-cli.ts');

function restore(file: string, env: Record<string, string>, ...extra: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, file, ...extra], { env: { PATH: process.env.PATH ?? '', ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function dumpFrom(dialect: 'sqlite' | 'postgres') {
  const t = await buildTestApp(dialect);
  const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  for (let i = 0; i < 3; i++)
    await postInscripto(
      t.app,
      token,
      buildInscripto(new Date(), { observaciones: `Línea con 'comillas' ${i};\nDROP TABLE users;` }),
    );
  const res = await t.app.inject({ url: '/api/inscriptos/export/sql', headers: bearer(token) });
  await t.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-dump-'));
  const file = path.join(dir, 'copia.sql');
  fs.writeFileSync(file, res.body);
  return { file, dir };
}

describe('npm run restore', () => {
  it('refuses a file that is not a backup, a backup of the other dialect, and a database that has data', async () => {
    const { file, dir } = await dumpFrom('sqlite');
    try {
      const junk = path.join(dir, 'otra.sql');
      fs.writeFileSync(junk, 'DROP TABLE users;');
      expect((await restore(junk, { DATA_DIR: path.join(dir, 'a') })).code).toBe(2);
      const other = path.join(dir, 'pg.sql');
      fs.writeFileSync(other, fs.readFileSync(file, 'utf8').replace('-- dialecto: sqlite', '-- dialecto: postgres'));
      expect((await restore(other, { DATA_DIR: path.join(dir, 'b') })).out).toContain('La copia es de postgres');
      const target = { DATA_DIR: path.join(dir, 'c') };
      expect((await restore(file, target)).code).toBe(0);
      const again = await restore(file, target);
      expect(again.code).toBe(2);
      expect(again.out).toContain('--forzar');
      expect((await restore(file, target, '--forzar')).code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(TEST_DATABASE_URL)('restores a PostgreSQL backup into an empty PostgreSQL database', async () => {
    const { file, dir } = await dumpFrom('postgres');
    const name = `restore_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const result = await restore(file, { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'd') });
      expect(result.code, result.out).toBe(0);
      const { db } = openDatabase({ dataDir: dir, databaseUrl: url.toString() });
      try {
        const rows = await db.selectFrom('inscriptos').selectAll().execute();
        expect(rows).toHaveLength(3);
        expect(rows.map((r) => JSON.parse(r.datos).observaciones).sort()[0]).toBe(
          "Línea con 'comillas' 0;\nDROP TABLE users;",
        );
        const adminRow = await db
          .selectFrom('users')
          .selectAll()
          .where('username', '=', ADMIN.username)
          .executeTakeFirstOrThrow();
        expect(await verifyPassword(ADMIN.password, adminRow.password_hash)).toBe(true);
        expect(await verifyChain(allAuditEntries(db), await auditHead(db))).toEqual({ ok: true, checked: 3 });
      } finally {
        await db.destroy();
      }
    } finally {
      // Without force: pg's pool.end() resolves before its connections close, and DROP DATABASE waits for them.
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
