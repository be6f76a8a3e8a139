import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0027_sesiones_cerradas. */
export const sesionesCerradasMigration: Migration = {
  // Sessions ended by a logout (data/sesiones/revoked-sessions.ts): the token's id until its own expiry, so
  // every instance refuses it. Not bumping the user's session version: the guest account is shared, and
  // one visitor's logout must not end everyone's. Not part of the SQL backup: rows last 8 hours at most.
  async up(db: AnyDb) {
    await db.schema
      .createTable('sesiones_cerradas')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('vence_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sesiones_cerradas_vence_idx').on('sesiones_cerradas').column('vence_en').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sesiones_cerradas').execute();
  },
};
