import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on either dialect's schema
type AnyDb = Kysely<any>;

export const codigosEstadoMigration: Migration = {
  // The families' status codes (docs/decisions/0023): one per enrolment number of a cycle (siblings
  // share it). `hash`: SHA-256 of the code, what a lookup compares; `cifrado`: the code under a key derived
  // from the server's secret, so staff can show and print it again. A table of its own: writing a code never
  // touches `inscriptos` (whose triggers keep the panel's counts).
  async up(db: AnyDb) {
    await db.schema
      .createTable('codigos_estado')
      .addColumn('ciclo_id', 'text', (c) => c.notNull())
      .addColumn('numero', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('cifrado', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('creado_por', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('codigos_estado_pk', ['ciclo_id', 'numero'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('codigos_estado').execute();
  },
};
