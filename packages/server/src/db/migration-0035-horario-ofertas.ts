import type { Kysely, Migration } from 'kysely';

/*
 * 0035: the school's opening hours fixed when a season of offers starts (docs/decisions/0031).
 * `plazas_temporadas.horario_atencion`: JSON `{"apertura":"HH:MM","cierre":"HH:MM","dias":…}`, every deadline of
 * the season is moved into it; null for seasons started before this migration, whose deadlines stay as given.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const horarioOfertasMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('plazas_temporadas').addColumn('horario_atencion', 'text').execute();
  },
};
