import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0014_plazas. */
export const plazasMigration: Migration = {
  // Offers after the raffle (docs/decisions/0015). `plaza_eventos` is the answer log: append-only,
  // one sequence per raffle, so two answers computed from the same state cannot both be stored (the second
  // insert hits the unique index and is recomputed). `plaza_ofertas` gives each offer the roll-up makes a
  // stable id, once (unique per child). `plazas_temporadas` fixes the deadline days when the season starts.
  async up(db: AnyDb) {
    await db.schema
      .alterTable('ciclos')
      .addColumn('plazo_oferta_dias', 'integer', (c) => c.notNull().defaultTo(7))
      .execute();
    await db.schema
      .createTable('plazas_temporadas')
      .addColumn('sorteo_id', 'text', (c) => c.primaryKey())
      .addColumn('publicado_en', 'text', (c) => c.notNull())
      .addColumn('plazo_dias', 'integer', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('plaza_eventos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sorteo_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('en', 'text', (c) => c.notNull())
      .addColumn('numero', 'integer', (c) => c.notNull())
      .addColumn('miembro', 'integer')
      .addColumn('respuesta', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text')
      .addColumn('usuario', 'text', (c) => c.notNull())
      .addColumn('usuario_nombre', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('plaza_eventos_seq_unique')
      .on('plaza_eventos')
      .columns(['sorteo_id', 'seq'])
      .unique()
      .execute();
    await db.schema
      .createTable('plaza_ofertas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sorteo_id', 'text', (c) => c.notNull())
      .addColumn('numero', 'integer', (c) => c.notNull())
      .addColumn('miembro', 'integer', (c) => c.notNull())
      .addColumn('lista', 'text', (c) => c.notNull())
      .addColumn('origen', 'text', (c) => c.notNull())
      .addColumn('ofrecida_en', 'text', (c) => c.notNull())
      .addColumn('vence', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('plaza_ofertas_nino_unique')
      .on('plaza_ofertas')
      .columns(['sorteo_id', 'numero', 'miembro'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('plaza_ofertas').execute();
    await db.schema.dropTable('plaza_eventos').execute();
    await db.schema.dropTable('plazas_temporadas').execute();
    await db.schema.alterTable('ciclos').dropColumn('plazo_oferta_dias').execute();
  },
};
