import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0046: the families' documents stored as bytes, no longer as base64 text (docs/decisions/0035): a third fewer
 * bytes written, read and copied per document, no base64 on the server's thread, and on PostgreSQL no attempt
 * to compress what encryption made incompressible (STORAGE EXTERNAL). `cifrado` becomes BLOB (SQLite) / BYTEA
 * (PostgreSQL), NOT NULL on both: the table is rebuilt, one document at a time (each is up to ~5 MB).
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;
const TABLA = 'solicitudes_documentos';
const NUEVA = 'solicitudes_documentos_0046';

async function rebuild(db: AnyDb, tipo: 'blob' | 'bytea' | 'text', convertir: (cifrado: unknown) => unknown) {
  await db.schema
    .createTable(NUEVA)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('solicitud_id', 'text', (c) => c.notNull())
    .addColumn('clase', 'text', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('cifrado', tipo, (c) => c.notNull())
    .addColumn('subido_en', 'text', (c) => c.notNull())
    .execute();
  const ids: { id: string }[] = await db.selectFrom(TABLA).select('id').orderBy('id').execute();
  for (const { id } of ids) {
    const row = await db.selectFrom(TABLA).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db
      .insertInto(NUEVA)
      .values({ ...row, cifrado: convertir(row.cifrado) })
      .execute();
  }
  await db.schema.dropTable(TABLA).execute();
  await db.schema.alterTable(NUEVA).renameTo(TABLA).execute();
  // The old table's constraint, as an index of the same name (SQLite adds no constraint to an existing table).
  await db.schema
    .createIndex('solicitudes_documentos_clase')
    .on(TABLA)
    .columns(['solicitud_id', 'clase'])
    .unique()
    .execute();
}

export const documentosBinariosMigration: Migration = {
  async up(db: AnyDb) {
    const pg = isPostgres(db);
    await rebuild(db, pg ? 'bytea' : 'blob', (cifrado) => Buffer.from(String(cifrado), 'base64'));
    if (pg) await sql`alter table ${sql.table(TABLA)} alter column cifrado set storage external`.execute(db);
  },
  async down(db: AnyDb) {
    await rebuild(db, 'text', (cifrado) => Buffer.from(cifrado as Uint8Array).toString('base64'));
  },
};
