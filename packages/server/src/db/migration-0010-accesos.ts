import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0010_accesos. */
export const accesosMigration: Migration = {
  // The access log (docs/privacy.md): who read which enrolment, exported what, looked up a status; and
  // the per-record keys of the audit digests.
  async up(db: AnyDb) {
    await db.schema
      .createTable('accesos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('usuario', 'text', (c) => c.notNull())
      .addColumn('accion', 'text', (c) => c.notNull())
      .addColumn('inscripto_id', 'text')
      .addColumn('detalle', 'text')
      .addColumn('cantidad', 'integer')
      .addColumn('ip', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('accesos_fecha_idx').on('accesos').columns(['fecha', 'id']).execute();
    await db.schema.createIndex('accesos_inscripto_idx').on('accesos').columns(['inscripto_id', 'fecha']).execute();
    await db.schema.createIndex('accesos_usuario_idx').on('accesos').columns(['usuario', 'fecha']).execute();
    // Audit entries keep keyed digests of values; deleting an enrolment deletes its key (docs/privacy.md).
    await db.schema
      .createTable('auditoria_claves')
      .addColumn('inscripto_id', 'text', (c) => c.primaryKey())
      .addColumn('clave', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('auditoria_claves').execute();
    await db.schema.dropTable('accesos').execute();
  },
};
