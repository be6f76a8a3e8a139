import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** The audit chain's genesis hash as of 0002 (a literal: lib/audit-chain.ts may change, this migration may not). */
const GENESIS_HASH_0002 = '0'.repeat(64);

/** Migration 0002_inscriptos. */
export const inscriptosMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('inscriptos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('numero_inscripcion', 'integer')
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
      .addColumn('ci', 'text')
      .addColumn('sexo', 'text')
      .addColumn('nombre_busqueda', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('funcionario', 'text')
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('fecha_inscripcion', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('datos', 'text', (c) => c.notNull())
      .execute();
    // One enrolment per child: the CI is unique whenever it is present.
    await db.schema
      .createIndex('inscriptos_ci_unique')
      .on('inscriptos')
      .column('ci')
      .unique()
      .where('ci', 'is not', null)
      .execute();
    // Newest first, alone or within an estado / owner filter.
    await db.schema.createIndex('inscriptos_created_idx').on('inscriptos').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('inscriptos_estado_created_idx')
      .on('inscriptos')
      .columns(['estado', 'created_at'])
      .execute();
    await db.schema
      .createIndex('inscriptos_created_by_idx')
      .on('inscriptos')
      .columns(['created_by', 'created_at'])
      .execute();
    await db.schema
      .createIndex('inscriptos_funcionario_idx')
      .on('inscriptos')
      .columns(['funcionario', 'created_at'])
      .execute();
    await db.schema.createIndex('inscriptos_numero_idx').on('inscriptos').column('numero_inscripcion').execute();

    await db.schema
      .createTable('inscripto_hermanos')
      .addColumn('inscripto_id', 'text', (c) => c.notNull().references('inscriptos.id').onDelete('cascade'))
      .addColumn('ci', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('inscripto_hermanos_pk', ['inscripto_id', 'ci'])
      .execute();
    await db.schema.createIndex('inscripto_hermanos_ci_idx').on('inscripto_hermanos').column('ci').execute();

    await db.schema
      .createTable('secuencias')
      .addColumn('nombre', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('secuencias').values({ nombre: 'numero_inscripcion', valor: 0 }).execute();

    await db.schema
      .createTable('auditoria')
      .addColumn('seq', 'integer', (c) => c.primaryKey())
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('usuario', 'text', (c) => c.notNull())
      .addColumn('accion', 'text', (c) => c.notNull())
      .addColumn('inscripto_id', 'text', (c) => c.notNull())
      .addColumn('cambios', 'text', (c) => c.notNull())
      .addColumn('hash_anterior', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auditoria_inscripto_idx').on('auditoria').columns(['inscripto_id', 'seq']).execute();
    await db.schema
      .createTable('auditoria_cabeza')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('ultimo_seq', 'integer', (c) => c.notNull())
      .addColumn('ultimo_hash', 'text', (c) => c.notNull())
      .execute();
    await db.insertInto('auditoria_cabeza').values({ id: 1, ultimo_seq: 0, ultimo_hash: GENESIS_HASH_0002 }).execute();
  },
  async down(db: AnyDb) {
    for (const table of ['auditoria_cabeza', 'auditoria', 'secuencias', 'inscripto_hermanos', 'inscriptos']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
