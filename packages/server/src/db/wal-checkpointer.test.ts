import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, SQLITE_FILE, type Database } from './database.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(backgroundCheckpoints: boolean): Database & { file: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-wal-'));
  dirs.push(dataDir);
  return { ...openDatabase({ dataDir, backgroundCheckpoints }), file: path.join(dataDir, SQLITE_FILE) };
}

/** 8 MB in one transaction: twice SQLite's default automatic checkpoint (1,000 pages). */
async function writeEightMegabytes({ db }: Database) {
  await sql`CREATE TABLE blobs (b TEXT)`.execute(db);
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < 80; i++) await sql`INSERT INTO blobs VALUES (${'x'.repeat(100_000)})`.execute(tx);
  });
}

const size = (file: string) => fs.statSync(file).size;

async function waitFor(check: () => boolean, ms: number) {
  for (const started = Date.now(); !check() && Date.now() - started < ms;) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('background WAL checkpoints', () => {
  it('by default, the commit itself copies the log into the database file', async () => {
    const database = open(false);
    await writeEightMegabytes(database);
    expect(size(database.file)).toBeGreaterThan(8_000_000);
    await database.db.destroy();
  });

  it('with the checkpointer, the commit returns first and the worker copies the log soon after', async () => {
    const database = open(true);
    await writeEightMegabytes(database);
    expect(size(database.file)).toBeLessThan(1_000_000);
    expect(await waitFor(() => size(database.file) > 8_000_000, 5_000)).toBe(true);
    const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM blobs`.execute(database.db);
    expect(rows.rows[0]!.n).toBe(80);
    await database.checkpointer!.stop();
    await database.db.destroy();
    expect(fs.existsSync(`${database.file}-wal`)).toBe(false);
  });

  it('stops cleanly right after starting (a server closed at once does not hang)', async () => {
    const database = open(true);
    await expect(database.checkpointer!.stop()).resolves.toBeUndefined();
    await database.db.destroy();
  });

  it('warns, in Spanish, when its thread cannot checkpoint', async () => {
    const warned = new Promise<string>((resolve) => process.once('warning', (w) => resolve(w.message)));
    const checkpointer = startWalCheckpointer(path.join(os.tmpdir(), 'no-existe', 'inscripciones.db'), {
      intervalMs: 10,
    });
    expect(await warned).toMatch(/^Checkpoint del registro WAL: /);
    await checkpointer.stop();
  });
});
