import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../../db/executor.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';

/**
 * The enrolments frozen in a cycle's raffle in progress: while it runs, none of them may
 * be deleted nor change what decides its draw. Null when the cycle has no raffle in progress.
 */
export async function congeladosEnCurso(db: Executor, cicloId: string): Promise<ReadonlySet<string> | null> {
  const activo = await repo.findActive(db);
  if (!activo || activo.ciclo_id !== cicloId) return null;
  const content = await repo.findContent(db, activo.id);
  const units = JSON.parse(content?.participantes ?? '[]') as TUnidad[];
  return new Set(units.flatMap((u) => u.miembros.flatMap((m) => m.inscriptoId ?? [])));
}
