import type { Transaction } from 'kysely';
import type { DB, DuplicadosResueltosTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/** The pairs of possible duplicates a person resolved as two children (`duplicados_resueltos`). */

/** The groups kept as different children ("No son la misma persona"). */
export function resoluciones(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db.selectFrom('duplicados_resueltos').selectAll().where('decision', '=', 'distintos').execute();
}

/** The groups resolved by deleting one of their records, newest first. */
export function eliminadosGuardados(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db
    .selectFrom('duplicados_resueltos')
    .selectAll()
    .where('decision', '=', 'eliminado')
    .orderBy('resuelto_en', 'desc')
    .execute();
}

/** One resolution per pair: resolving again (after its fields changed) replaces the older one. */
export async function saveResolucion(tx: Transaction<DB>, row: DuplicadosResueltosTable): Promise<void> {
  await tx.deleteFrom('duplicados_resueltos').where('id', '=', row.id).execute();
  await tx.insertInto('duplicados_resueltos').values(row).execute();
}

/** Forgets the notes of these resolutions (anonymising a child of the pair, decision 0017). */
export async function clearNotas(tx: Transaction<DB>, ids: readonly string[]): Promise<void> {
  await tx
    .updateTable('duplicados_resueltos')
    .set({ nota: null })
    .where('id', 'in', [...ids])
    .execute();
}
