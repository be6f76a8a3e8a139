import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0006_inscriptos_listado. */
export const inscriptosListadoMigration: Migration = {
  // The list's filters answered from the date index itself: the name and owner checks and the counts
  // read index entries, not full rows (each row carries the form as JSON); estado pages need no sort.
  async up(db: AnyDb) {
    await db.schema.dropIndex('inscriptos_created_idx').execute();
    await db.schema
      .createIndex('inscriptos_created_idx')
      .on('inscriptos')
      .columns(['created_at', 'id', 'nombre_busqueda', 'created_by', 'funcionario'])
      .execute();
    await db.schema.dropIndex('inscriptos_nombre_idx').execute();
    await db.schema.dropIndex('inscriptos_estado_created_idx').execute();
    await db.schema
      .createIndex('inscriptos_estado_created_idx')
      .on('inscriptos')
      .columns(['estado', 'created_at', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('inscriptos_estado_created_idx').execute();
    await db.schema
      .createIndex('inscriptos_estado_created_idx')
      .on('inscriptos')
      .columns(['estado', 'created_at'])
      .execute();
    await db.schema.createIndex('inscriptos_nombre_idx').on('inscriptos').column('nombre_busqueda').execute();
    await db.schema.dropIndex('inscriptos_created_idx').execute();
    await db.schema.createIndex('inscriptos_created_idx').on('inscriptos').columns(['created_at', 'id']).execute();
  },
};
