import type { Kysely, Migration } from 'kysely';

/*
 * 0033: the public value's declared source (docs/decisions/0027).
 * - `sorteos.fuente_valor_publico`: JSON of the source declared at start (dados, lotería or drand); null for
 *   raffles started before this migration, whose value was free text.
 * - `sorteos.valores_ingresados`: JSON array of every value entered, with its time and who entered it, the
 *   corrections included (only the last one enters the draw). Null for older raffles.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const fuenteValorPublicoMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sorteos').addColumn('fuente_valor_publico', 'text').execute();
    await db.schema.alterTable('sorteos').addColumn('valores_ingresados', 'text').execute();
  },
};
