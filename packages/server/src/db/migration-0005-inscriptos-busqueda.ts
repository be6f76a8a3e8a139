import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0005_inscriptos_busqueda. */
export const inscriptosBusquedaMigration: Migration = {
  // A compact index of the search column: counting a name search scans it instead of every full row
  // (each row carries the whole form as JSON). Measured with 100,000 enrolments (bench/list-queries.ts).
  async up(db: AnyDb) {
    await db.schema.createIndex('inscriptos_nombre_idx').on('inscriptos').column('nombre_busqueda').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('inscriptos_nombre_idx').execute();
  },
};
