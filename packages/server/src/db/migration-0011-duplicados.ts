import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0011_duplicados. */
export const duplicadosMigration: Migration = {
  // Pairs of possible duplicates a person resolved as two children. The pairs themselves are
  // computed from the enrolments on every read; a resolution counts while `huella` (the hash of the fields
  // that matched) is unchanged. The raffle keeps the reason an administrator gave to start with pairs open.
  async up(db: AnyDb) {
    await db.schema
      .createTable('duplicados_resueltos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('huella', 'text', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('nota', 'text')
      .addColumn('resuelto_por', 'text', (c) => c.notNull())
      .addColumn('resuelto_por_nombre', 'text', (c) => c.notNull())
      .addColumn('resuelto_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('sorteos').addColumn('motivo_duplicados', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('sorteos').dropColumn('motivo_duplicados').execute();
    await db.schema.dropTable('duplicados_resueltos').execute();
  },
};
