import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { Dialect } from './database.ts';

/**
 * A write that removes personal data, followed by what each engine allows to keep the old bytes out of its
 * files (docs/decisions/0017, "Rastros en los archivos"). SQLite: `secure_delete` is always on (database.ts:
 * every write zeroes the cells and pages it frees), and after the write the name index's segments merged (FTS5 keeps
 * deleted entries until a merge) and the log copied back and truncated (`wal_checkpoint(TRUNCATE)`), so
 * neither the database file nor the -wal file holds the old rows. PostgreSQL: `VACUUM` of the touched tables
 * after the commit (it cannot run in a transaction), which removes the dead row versions and their index
 * entries but does not zero the space they leave, nor the WAL: there only disk encryption protects a copy.
 * A failed clean-up does not undo the committed write: it is warned about.
 */
/** How often, and how far apart, the log's truncation is tried while another connection reads (5 s in all). */
const CHECKPOINT_INTENTOS = 100;
const CHECKPOINT_ESPERA_MS = 50;

export async function sinRastros<T>(
  db: Kysely<DB>,
  dialect: Dialect,
  tablas: readonly (keyof DB)[],
  escribir: () => Promise<T>,
): Promise<T> {
  const result = await escribir();
  await limpiar(async () => {
    if (dialect === 'postgres') {
      await sql`vacuum ${sql.join(tablas.map((t) => sql.table(t)))}`.execute(db);
      return;
    }
    await sql`insert into inscriptos_fts (inscriptos_fts) values ('optimize')`.execute(db);
    // Another connection (a heavy job's thread, another process) reading at that instant keeps the log: its
    // reads are short, so the truncation is tried again for a while before giving up with a warning.
    for (let intento = 1; ; intento++) {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
      if (!rows[0]?.busy) return;
      if (intento === CHECKPOINT_INTENTOS) {
        throw new Error('el registro WAL no se pudo vaciar: otra conexión lo estaba leyendo');
      }
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_ESPERA_MS));
    }
  });
  return result;
}

async function limpiar(paso: () => Promise<unknown>): Promise<void> {
  try {
    await paso();
  } catch (e) {
    process.emitWarning(`Borrado de rastros en los archivos de la base: ${e instanceof Error ? e.message : String(e)}`);
  }
}
