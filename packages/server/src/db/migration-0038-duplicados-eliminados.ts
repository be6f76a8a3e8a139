import type { Kysely, Migration } from 'kysely';

/*
 * 0038: a possible duplicate resolved by deleting one of its records (decision 0034).
 * - `duplicados_resueltos.eliminado_id` and `eliminado_numero`: the record deleted (its id and enrolment number;
 *   null for a pending one). Never the child's name: the record is gone, the same child stays in the kept ones.
 * - `duplicados_resueltos.conservados`: JSON array of the ids of the group's other records, whose names the
 *   screen reads as they are now.
 * Null for the "No son la misma persona" resolutions. Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const duplicadosEliminadosMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('duplicados_resueltos').addColumn('eliminado_id', 'text').execute();
    await db.schema.alterTable('duplicados_resueltos').addColumn('eliminado_numero', 'integer').execute();
    await db.schema.alterTable('duplicados_resueltos').addColumn('conservados', 'text').execute();
  },
};
