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

/**
 * What the detected pairs depend on, cheap to read: the cycle, the head of the audit chain (every write of an
 * enrolment appends to it in its transaction, and its hash differs even after a restore to an older copy) and
 * the cycle's count of enrolments (a write that skips the chain, like the seed, still changes it when it adds
 * or deletes). Resolutions are not part of it: they are read on every request.
 */
export async function versionDeteccion(db: Executor, cicloId: string): Promise<string> {
  const [cabeza, cuenta] = await Promise.all([
    db.selectFrom('auditoria_cabeza').select(['ultimo_seq', 'ultimo_hash']).where('id', '=', 1).executeTakeFirst(),
    db
      .selectFrom('inscriptos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ciclo_id', '=', cicloId)
      .executeTakeFirstOrThrow(),
  ]);
  return `${cicloId}|${cabeza?.ultimo_seq ?? 0}|${cabeza?.ultimo_hash ?? ''}|${Number(cuenta.n)}`;
}

export function resoluciones(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db.selectFrom('duplicados_resueltos').selectAll().execute();
}

/** One resolution per pair: resolving again (after its fields changed) replaces the older one. */
export async function saveResolucion(tx: Transaction<DB>, row: DuplicadosResueltosTable): Promise<void> {
  await tx.deleteFrom('duplicados_resueltos').where('id', '=', row.id).execute();
  await tx.insertInto('duplicados_resueltos').values(row).execute();
}
