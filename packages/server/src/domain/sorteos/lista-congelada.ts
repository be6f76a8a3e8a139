import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../../db/executor.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';

/**
 * The enrolments frozen in a cycle's raffle in progress (issue 33, point 3): while it runs, none of them may
 * be deleted nor change what decides its draw. Empty when the cycle has no raffle in progress.
 */
export async function congeladosEnCurso(db: Executor, cicloId: string): Promise<ReadonlySet<string>> {
  const activo = await repo.findActive(db);
  if (!activo || activo.ciclo_id !== cicloId) return new Set();
  const content = await repo.findContent(db, activo.id);
  const units = JSON.parse(content?.participantes ?? '[]') as TUnidad[];
  return new Set(units.flatMap((u) => u.miembros.flatMap((m) => m.inscriptoId ?? [])));
}
