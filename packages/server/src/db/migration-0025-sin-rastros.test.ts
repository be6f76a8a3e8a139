import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { migrateTo } from './migrations.ts';
import { SQLITE_FILE } from './database.ts';

/** The database file and its log as a copy of the data folder would hold them. */
const bytesOf = (dataDir: string) =>
  Buffer.concat(
    [SQLITE_FILE, `${SQLITE_FILE}-wal`]
      .map((f) => path.join(dataDir, f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f)),
  );

describe('migration 0025 (no old bytes) on sqlite', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('rebuilds the file once: a value an earlier version overwrote is no longer in it', async () => {
    const marker = 'MarcadorDeUnaVersionAnterior';
    let before = Buffer.alloc(0);
    t = await buildTestApp('sqlite', {
      before: async ({ db }) => {
        await migrateTo(db, '0023_busqueda_pg');
        // As an earlier version wrote: freed space kept its old bytes.
        await sql`pragma secure_delete = off`.execute(db);
        const row = { clave: 'prueba', version: 1, actualizado_por: 'admin', actualizado_en: '2026-01-01' };
        await db
          .insertInto('configuracion')
          .values({ ...row, valor: JSON.stringify(marker.repeat(20)) })
          .execute();
        await db.updateTable('configuracion').set({ valor: '"x"' }).where('clave', '=', 'prueba').execute();
        await sql`pragma wal_checkpoint(truncate)`.execute(db);
        before = bytesOf(path.dirname((await sql<{ file: string }>`pragma database_list`.execute(db)).rows[0]!.file));
      },
    });
    expect(before.includes(marker), 'the earlier version left it').toBe(true);
    expect(bytesOf(t.dataDir).includes(marker)).toBe(false);
    const valor = await t.app.ctx.db
      .selectFrom('configuracion')
      .select('valor')
      .where('clave', '=', 'prueba')
      .execute();
    expect(valor).toEqual([{ valor: '"x"' }]);
  });
});
