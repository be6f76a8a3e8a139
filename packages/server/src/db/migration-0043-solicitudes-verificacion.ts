import type { Kysely, Migration } from 'kysely';

/*
 * 0043: staff verify the online applications (docs/decisions/0038).
 * - `nota`: the school's note when it returns an application to the family;
 * - `inscripto_id`: the enrolment a finalised application became (its documents are deleted with it);
 * - `verificada_por`, `verificada_en`: who returned or finalised it, and when.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const solicitudesVerificacionMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('solicitudes').addColumn('nota', 'text').execute();
    await db.schema.alterTable('solicitudes').addColumn('inscripto_id', 'text').execute();
    await db.schema.alterTable('solicitudes').addColumn('verificada_por', 'text').execute();
    await db.schema.alterTable('solicitudes').addColumn('verificada_en', 'text').execute();
    await db.schema.createIndex('solicitudes_estado').on('solicitudes').columns(['estado', 'enviada_en']).execute();
    await db.schema.createIndex('solicitudes_inscripto').on('solicitudes').column('inscripto_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('solicitudes_inscripto').execute();
    await db.schema.dropIndex('solicitudes_estado').execute();
    for (const c of ['verificada_en', 'verificada_por', 'inscripto_id', 'nota']) {
      await db.schema.alterTable('solicitudes').dropColumn(c).execute();
    }
  },
};
