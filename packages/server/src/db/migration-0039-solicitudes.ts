import type { Kysely, Migration } from 'kysely';

/*
 * 0039: the families' online applications (docs/decisions/0035).
 * - `solicitudes`: one draft or sent application; `codigo_hash` is the SHA-256 of the family's code (the code
 *   itself is never stored); `contacto_huella` the keyed digest of the normalised contact, for the cap of
 *   drafts per contact; `datos` the form document (JSON); `vence_en` when a draft is deleted (null once sent).
 * - `solicitudes_documentos`: the uploaded documents, encrypted (AES-256-GCM, base64 text: both dialects
 *   store it the same way), at most one per kind and application.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const solicitudesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('solicitudes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ciclo_id', 'text', (c) => c.notNull())
      .addColumn('codigo_hash', 'text', (c) => c.notNull())
      .addColumn('contacto_canal', 'text', (c) => c.notNull())
      .addColumn('contacto', 'text', (c) => c.notNull())
      .addColumn('contacto_huella', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull())
      .addColumn('datos', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .addColumn('vence_en', 'text')
      .addColumn('enviada_en', 'text')
      .execute();
    await db.schema
      .createIndex('solicitudes_contacto')
      .on('solicitudes')
      .columns(['contacto_huella', 'vence_en'])
      .execute();
    await db.schema.createIndex('solicitudes_vence').on('solicitudes').column('vence_en').execute();
    await db.schema
      .createTable('solicitudes_documentos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull())
      .addColumn('clase', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('cifrado', 'text', (c) => c.notNull())
      .addColumn('subido_en', 'text', (c) => c.notNull())
      .addUniqueConstraint('solicitudes_documentos_clase', ['solicitud_id', 'clase'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('solicitudes_documentos').execute();
    await db.schema.dropTable('solicitudes').execute();
  },
};
