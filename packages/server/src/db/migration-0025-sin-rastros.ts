import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on either dialect's schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;

export const sinRastrosMigration: Migration = {
  // SQLite only (docs/decisions/0017, "Rastros en los archivos"): from this version every write zeroes what it
  // frees (secure_delete, database.ts), but edits made before left old values in free space and free pages.
  // VACUUM rebuilds the file from the live rows once, and the log is emptied. SQLite runs migrations outside a
  // transaction, as VACUUM needs. PostgreSQL: nothing it could do would reach its old bytes (see 0017).
  async up(db: AnyDb) {
    if (isPostgres(db)) return;
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  },
  async down() {},
};
