import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0013_sorteo_confianza. */
export const sorteoConfianzaMigration: Migration = {
  // A raffle nobody has to take on trust: one per cycle, ending early annuls it with a reason;
  // the public value says where it came from; the public list's salt and hash; the notary and witnesses;
  // every reveal of an unconfirmed draw; the acta stored once (same bytes at every download).
  async up(db: AnyDb) {
    await db.schema
      .alterTable('sorteos')
      .addColumn('valor_publico_origen', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    for (const column of ['motivo_anulacion', 'sal', 'lista_publica_hash', 'escuela', 'escribano', 'testigos']) {
      await db.schema.alterTable('sorteos').addColumn(column, 'text').execute();
    }
    // Raffles ended before their last draw were re-rolls nobody had to explain: they are annulled now.
    await db
      .updateTable('sorteos')
      .set({ estado: 'anulado', motivo_anulacion: 'Finalizado antes del último sorteo (sin motivo registrado).' })
      .where('estado', '=', 'archivado')
      .whereRef('indice', '<', 'total')
      .execute();
    await db.schema
      .createTable('sorteo_revelaciones')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sorteo_id', 'text', (c) => c.notNull())
      .addColumn('indice', 'integer', (c) => c.notNull())
      .addColumn('usuario', 'text', (c) => c.notNull())
      .addColumn('usuario_nombre', 'text', (c) => c.notNull())
      .addColumn('fecha', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sorteo_revelaciones_sorteo_idx')
      .on('sorteo_revelaciones')
      .columns(['sorteo_id', 'fecha', 'id'])
      .execute();
    await db.schema
      .createTable('sorteo_actas')
      .addColumn('sorteo_id', 'text', (c) => c.primaryKey())
      .addColumn('acta_json', 'text', (c) => c.notNull())
      .addColumn('acta_sha256', 'text', (c) => c.notNull())
      .addColumn('acta_publica_json', 'text')
      .addColumn('acta_pdf', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sorteo_actas').execute();
    await db.schema.dropTable('sorteo_revelaciones').execute();
    await db.updateTable('sorteos').set({ estado: 'archivado' }).where('estado', '=', 'anulado').execute();
    for (const column of ['testigos', 'escribano', 'escuela', 'lista_publica_hash', 'sal', 'motivo_anulacion']) {
      await db.schema.alterTable('sorteos').dropColumn(column).execute();
    }
    await db.schema.alterTable('sorteos').dropColumn('valor_publico_origen').execute();
  },
};
