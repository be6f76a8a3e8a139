import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0008_rate_limits. */
export const rateLimitsMigration: Migration = {
  // Rate-limit windows (src/rate-limits/): in the database so every instance sees the same counts and a
  // restart does not forget them. Not part of the SQL backup: they expire within minutes.
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('clave', 'text', (c) => c.primaryKey())
      .addColumn('cuenta', 'integer', (c) => c.notNull())
      .addColumn('vence_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_vence_idx').on('rate_limits').column('vence_en').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
