import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0036: the offers' season advances by an explicit command (docs/decisions/0032).
 * - `plazas_temporadas.avanzada_hasta`: the time the season was last advanced to (expiries and the offers they
 *   caused stored up to it). Reads never compute past the next deadline after it. Filled for existing seasons
 *   from what reads stored before: the latest stored offer or answer.
 * - `plaza_eventos.vence`: an administrator's change of one offer's deadline is an entry of the log (its
 *   `respuesta` is 'plazo'), so it is replayed in order with the answers.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const temporadaAvanceMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('plazas_temporadas').addColumn('avanzada_hasta', 'text').execute();
    await db.schema.alterTable('plaza_eventos').addColumn('vence', 'text').execute();
    await sql`
      update plazas_temporadas set avanzada_hasta = (
        select max(x.en) from (
          select o.ofrecida_en as en from plaza_ofertas o where o.sorteo_id = plazas_temporadas.sorteo_id
          union all
          select e.en as en from plaza_eventos e where e.sorteo_id = plazas_temporadas.sorteo_id
        ) x
      )`.execute(db);
  },
};
