import type { Kysely, Migration } from 'kysely';

/*
 * 0044: the schools a family ranks for the network's assignment (docs/decisions/0028, 0039): a JSON list of
 * school codes, first choice first, on an enrolment and on an online application; null when none. Every school's
 * database runs it (each keeps its own enrolments).
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const preferenciasMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('inscriptos').addColumn('preferencias', 'text').execute();
    await db.schema.alterTable('solicitudes').addColumn('preferencias', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('solicitudes').dropColumn('preferencias').execute();
    await db.schema.alterTable('inscriptos').dropColumn('preferencias').execute();
  },
};
