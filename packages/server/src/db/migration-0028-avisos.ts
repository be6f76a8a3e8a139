import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0028: messages to the families through an outbox (docs/decisions/0029).
 * - `avisos`: one row per message, written in the same transaction as the change that causes it and sent by
 *   the worker of any instance (domain/avisos/worker.ts). Its id is the message's idempotency key and its
 *   Message-ID. `proximo_intento` is when it may be taken: for a pending message, its next attempt; for one
 *   being sent, the end of the sending instance's lease (`tomado_hasta`), after which another takes it.
 *   The partial index holds only messages still to send, so the claim stays one short index range however
 *   many were sent before.
 * - `avisos_bajas`: destinations that opted out of informational messages, by channel and keyed digest of the
 *   normalised destination (never the address itself).
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const avisosMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('avisos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('canal', 'text', (c) => c.notNull())
      .addColumn('destino', 'text', (c) => c.notNull())
      .addColumn('asunto', 'text')
      .addColumn('texto', 'text', (c) => c.notNull())
      .addColumn('informativo', 'integer', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text')
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('proximo_intento', 'text', (c) => c.notNull())
      .addColumn('tomado_por', 'text')
      .addColumn('tomado_hasta', 'text')
      .addColumn('ultimo_error', 'text')
      .addColumn('inscripto_id', 'text')
      .addColumn('ciclo_id', 'text')
      .addColumn('reenvio_de', 'text')
      .addColumn('creado_por', 'text')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('enviado_en', 'text')
      .execute();
    await db.schema
      .createIndex('avisos_por_enviar')
      .on('avisos')
      .column('proximo_intento')
      .where(sql.ref('estado'), 'in', sql`('pendiente', 'enviando')`)
      .execute();
    await db.schema.createIndex('avisos_inscripto').on('avisos').columns(['inscripto_id', 'creado_en']).execute();
    // No index leads with `estado`: SQLite without statistics would take it for the claim (an IN on its first
    // column looks selective) and sort every message still to send on each claim. The staff's list of every
    // cycle walks `creado_en`; a cycle's, `avisos_ciclo_estado`.
    await db.schema.createIndex('avisos_creado').on('avisos').column('creado_en').execute();
    await db.schema
      .createIndex('avisos_ciclo_estado')
      .on('avisos')
      .columns(['ciclo_id', 'estado', 'creado_en'])
      .execute();
    await db.schema
      .createTable('avisos_bajas')
      .addColumn('canal', 'text', (c) => c.notNull())
      .addColumn('huella', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('avisos_bajas_pk', ['canal', 'huella'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('avisos_bajas').execute();
    await db.schema.dropTable('avisos').execute();
  },
};
