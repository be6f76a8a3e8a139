import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0003_sorteo. */
export const sorteoMigration: Migration = {
  async up(db: AnyDb) {
    // One row per raffle (docs/decisions/0008). Archived rows are never deleted: they are the actas.
    await db.schema
      .createTable('sorteos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('estado', 'text', (c) => c.notNull())
      .addColumn('operador', 'text', (c) => c.notNull())
      .addColumn('operador_nombre', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('anio', 'integer', (c) => c.notNull())
      .addColumn('plazas_nenas', 'integer', (c) => c.notNull())
      .addColumn('plazas_varones', 'integer', (c) => c.notNull())
      .addColumn('participantes_hash', 'text', (c) => c.notNull())
      .addColumn('estadisticas', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('semilla', 'text', (c) => c.notNull())
      .addColumn('compromiso', 'text', (c) => c.notNull())
      .addColumn('valor_publico', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('con_plan', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('indice', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .addColumn('archivado_en', 'text')
      .addColumn('archivado_por', 'text')
      .addColumn('archivado_por_nombre', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // At most one raffle in progress, across every app instance.
    await db.schema
      .createIndex('sorteos_un_activo')
      .on('sorteos')
      .column('estado')
      .unique()
      .where('estado', '=', 'activo')
      .execute();
    await db.schema.createIndex('sorteos_creado_idx').on('sorteos').columns(['creado_en', 'id']).execute();
    // The large, write-once JSON apart: SQLite rewrites a whole row on UPDATE, and confirming a draw
    // updates the raffle's row (megabytes of JSON with thousands of participants).
    await db.schema
      .createTable('sorteo_contenidos')
      .addColumn('sorteo_id', 'text', (c) => c.primaryKey().references('sorteos.id').onDelete('cascade'))
      .addColumn('participantes', 'text', (c) => c.notNull())
      .addColumn('plan', 'text')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sorteo_contenidos').execute();
    await db.schema.dropTable('sorteos').execute();
  },
};
