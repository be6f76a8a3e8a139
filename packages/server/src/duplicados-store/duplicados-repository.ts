import type { Transaction } from 'kysely';
import type { DB, DuplicadosResueltosTable } from '../db/schema.ts';
import type { Executor } from '../db/executor.ts';

/**
 * What detection reads of every enrolment: the row's id and number, and the form as JSON (its names, birth
 * date, CI and listed siblings live there), within one admission cycle: the same child may apply again next year.
 */
export function enrolmentsForDetection(db: Executor, cicloId: string) {
  return db
    .selectFrom('inscriptos')
    .select(['id', 'numero_inscripcion', 'datos'])
    .where('ciclo_id', '=', cicloId)
    .orderBy('id')
    .execute();
}

export function resoluciones(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db.selectFrom('duplicados_resueltos').selectAll().execute();
}

/** One resolution per pair: resolving again (after its fields changed) replaces the older one. */
export async function saveResolucion(tx: Transaction<DB>, row: DuplicadosResueltosTable): Promise<void> {
  await tx.deleteFrom('duplicados_resueltos').where('id', '=', row.id).execute();
  await tx.insertInto('duplicados_resueltos').values(row).execute();
}
