import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0015_retencion. */
export const retencionMigration: Migration = {
  // Retention (docs/privacy.md, decision 0017): when a cycle was closed and anonymised, and what an
  // anonymised enrolment keeps of what the server derived from its removed data (the stratum, "condicional").
  // Cycles closed before this migration take their last change as their closing time.
  async up(db: AnyDb) {
    await db.schema.alterTable('ciclos').addColumn('cerrado_en', 'text').execute();
    await db.schema.alterTable('ciclos').addColumn('anonimizado_en', 'text').execute();
    await db
      .updateTable('ciclos')
      .set((eb) => ({ cerrado_en: eb.ref('actualizado_en') }))
      .where('estado', '=', 'cerrado')
      .execute();
    await db.schema.alterTable('inscriptos').addColumn('anonimizado_en', 'text').execute();
    await db.schema.alterTable('inscriptos').addColumn('estrato_conservado', 'text').execute();
    await db.schema.alterTable('inscriptos').addColumn('condicional_conservado', 'integer').execute();
  },
  async down(db: AnyDb) {
    for (const column of ['condicional_conservado', 'estrato_conservado', 'anonimizado_en']) {
      await db.schema.alterTable('inscriptos').dropColumn(column).execute();
    }
    for (const column of ['anonimizado_en', 'cerrado_en']) {
      await db.schema.alterTable('ciclos').dropColumn(column).execute();
    }
  },
};
