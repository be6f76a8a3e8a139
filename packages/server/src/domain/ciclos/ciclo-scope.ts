import { AppError } from '@inscripciones/shared/errors.ts';
import { type TCicloRef } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { Executor } from '../../db/executor.ts';
import { findActual, findCiclo, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

/**
 * Which cycle a request works on (docs/decisions/0014): reads take `?ciclo=<id>` or the current one; writes
 * need an open cycle. Shared by every feature that stores or reads seasonal data.
 */

/** The cycle asked for, or the current one; 404 when it does not exist. */
export async function cicloParaLeer(db: Executor, id: string | undefined): Promise<CicloRow> {
  if (!id) return findActual(db);
  const ciclo = await findCiclo(db, id);
  if (!ciclo) throw new AppError('NOT_FOUND', CICLO_MSG.notFound);
  return ciclo;
}

/** A closed cycle is read-only for every role: any write to it is a 409. */
export function assertAbierto(ciclo: CicloRow): void {
  if (ciclo.estado === 'cerrado') throw new AppError('CONFLICT', CICLO_MSG.cerrado(ciclo.nombre));
}

/** The current cycle, open, for a write that creates something new (an enrolment, an import, a raffle). */
export async function cicloActualAbierto(db: Executor): Promise<CicloRow> {
  const ciclo = await findActual(db);
  assertAbierto(ciclo);
  return ciclo;
}

/** The cycle of an existing record, open, for a write to it. */
export async function cicloAbierto(db: Executor, id: string): Promise<CicloRow> {
  const ciclo = await findCiclo(db, id);
  if (!ciclo) throw new AppError('NOT_FOUND', CICLO_MSG.notFound);
  assertAbierto(ciclo);
  return ciclo;
}

export const cicloRef = (c: CicloRow): TCicloRef => ({ id: c.id, nombre: c.nombre, estado: c.estado });
