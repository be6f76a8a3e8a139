import type { Kysely, Migration } from 'kysely';

/*
 * 0037: messages at every step (docs/decisions/0029, later note).
 * - `inscriptos.avisos_consentimiento_en` and `_por`: when and by whom the family's answer to "¿Acepta recibir
 *   avisos…?" was last recorded (Ley 18.331 asks for both); the answer itself is in `datos`.
 * - `plazas_avisados`: the steps of a season of offers already told to the families, by their index in the
 *   roll-up's history. Its primary key makes two instances that see the same step at once write its messages
 *   only once: the second transaction fails on the key and reads again.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const avisosEventosMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('inscriptos').addColumn('avisos_consentimiento_en', 'text').execute();
    await db.schema.alterTable('inscriptos').addColumn('avisos_consentimiento_por', 'text').execute();
    await db.schema
      .createTable('plazas_avisados')
      .addColumn('sorteo_id', 'text', (c) => c.notNull())
      .addColumn('indice', 'integer', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('plazas_avisados_pk', ['sorteo_id', 'indice'])
      .execute();
  },
};
