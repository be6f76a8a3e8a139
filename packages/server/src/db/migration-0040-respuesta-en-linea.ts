import type { Kysely, Migration } from 'kysely';

/*
 * 0040: answers a family gives itself, online (docs/decisions/0023).
 * - `plaza_eventos.canal`: 'en_linea' when the family answered from /estado with its number and code; null for
 *   answers recorded by staff (every answer before this migration). The public register shows it.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const respuestaEnLineaMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('plaza_eventos').addColumn('canal', 'text').execute();
  },
};
