import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0022_plazos_oferta. */
export const plazosOfertaMigration: Migration = {
  // Changes of a cycle's offer deadline days (docs/decisions/0015): the roll-up gives an offer the
  // days in force when it is made, so every change is kept with its time, never overwritten.
  async up(db: AnyDb) {
    await db.schema
      .createTable('ciclo_plazos_oferta')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ciclo_id', 'text', (c) => c.notNull())
      .addColumn('desde', 'text', (c) => c.notNull())
      .addColumn('dias', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ciclo_plazos_oferta_ciclo')
      .on('ciclo_plazos_oferta')
      .columns(['ciclo_id', 'desde'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('ciclo_plazos_oferta').execute();
  },
};
