import { AppError } from '@inscripciones/shared/errors.ts';
import { MAX_PREFERENCIAS_POR_DEFECTO } from '@inscripciones/shared/asignacion/schemas.ts';
import {
  ASIGNACION_API_MSG,
  type TOpcionesRed,
  type TRedCiclo,
  type TRedCicloGuardar,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { maxPreferenciasDelAnio } from '../../domain/asignacion/modo-ciclo.ts';
import { cicloParaLeer } from '../../domain/ciclos/ciclo-scope.ts';
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

/**
 * What a family may rank (public, like the online application that shows it): the network's schools and the
 * year's N; the year is the current cycle's unless asked. Names only, as every public page already shows them.
 */
export async function opciones(ctx: AppContext, anio: number | undefined): Promise<TOpcionesRed> {
  const delAnio = anio ?? (await cicloParaLeer(ctx.db, undefined)).anio_ingreso;
  return {
    anio: delAnio,
    maxPreferencias: await maxPreferenciasDelAnio(ctx.red.db, delAnio),
    escuelas: ctx.red.escuelas().map((e) => ({ codigo: e.codigo, nombre: e.nombre })),
  };
}
