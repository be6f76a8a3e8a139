import { AppError } from '@inscripciones/shared/errors.ts';
import { MAX_PREFERENCIAS_POR_DEFECTO } from '@inscripciones/shared/asignacion/schemas.ts';
import {
  ASIGNACION_API_MSG,
  type TRedCiclo,
  type TRedCicloGuardar,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/asignacion/asignacion-repository.ts';
import { requireRed, type SessionActor } from '../../lib/authorization.ts';

/**
 * Each intake year's choice (docs/decisions/0039): separate school raffles or the network's assignment, and
 * how many schools a family may rank. Fixed once that year's network raffle started.
 */

const vista = (row: repo.RedCicloRow): TRedCiclo => ({
  anio: row.anio,
  modo: row.modo,
  maxPreferencias: row.max_preferencias,
  actualizadoEn: row.actualizado_en,
  actualizadoPor: row.actualizado_por,
});

export async function listar(ctx: AppContext, actor: SessionActor) {
  requireRed(actor, 'leer');
  return { ciclos: (await repo.listCiclos(ctx.red.db)).map(vista) };
}

export async function guardar(ctx: AppContext, actor: SessionActor, anio: number, input: TRedCicloGuardar) {
  requireRed(actor, 'administrar');
  if (await repo.findSorteo(ctx.red.db, anio)) throw new AppError('CONFLICT', ASIGNACION_API_MSG.modoCerrado(anio));
  const antes = await repo.findCiclo(ctx.red.db, anio);
  const row: repo.RedCicloRow = {
    anio,
    modo: input.modo,
    max_preferencias: input.maxPreferencias ?? antes?.max_preferencias ?? MAX_PREFERENCIAS_POR_DEFECTO,
    actualizado_en: ctx.clock().toISOString(),
    actualizado_por: actor.username,
  };
  await repo.saveCiclo(ctx.red.db, row);
  return vista(row);
}
