import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0004_configuracion. */
export const configuracionMigration: Migration = {
  async up(db: AnyDb) {
    // The school's content (docs/decisions/0011): one JSON row per key ('contenido'). No row: the data
    // file's defaults apply.
    await db.schema
      .createTable('configuracion')
      .addColumn('clave', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('actualizado_por', 'text', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('configuracion').execute();
  },
};
