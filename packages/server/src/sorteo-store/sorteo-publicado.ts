import type { TPlazas, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../db/executor.ts';

/**
 * What the season after the raffle reads of the raffle (issue 17): the last finished (archived) raffle of a
 * cycle, with its frozen units and its confirmed draws. The `sorteos` tables belong to the raffle feature;
 * this one read is all the places feature needs of them.
 */
export interface SorteoPublicado {
  id: string;
  anio: number;
  /** When it was archived: the titulares' offer time. */
  archivadoEn: string;
  plazas: TPlazas;
  units: TUnidad[];
  /** The confirmed draws, in order. */
  draws: TSorteoDraw[];
}

export async function sorteoPublicado(db: Executor, cicloId: string): Promise<SorteoPublicado | null> {
  const row = await db
    .selectFrom('sorteos')
    .innerJoin('sorteo_contenidos', 'sorteo_contenidos.sorteo_id', 'sorteos.id')
    .select([
      'sorteos.id',
      'sorteos.anio',
      'sorteos.archivado_en',
      'sorteos.actualizado_en',
      'sorteos.plazas_nenas',
      'sorteos.plazas_varones',
      'sorteos.indice',
      'sorteo_contenidos.participantes',
      'sorteo_contenidos.plan',
    ])
    .where('sorteos.ciclo_id', '=', cicloId)
    .where('sorteos.estado', '=', 'archivado')
    .where('sorteos.con_plan', '=', 1)
    .orderBy('sorteos.archivado_en', 'desc')
    .orderBy('sorteos.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.plan === null) return null;
  return {
    id: row.id,
    anio: row.anio,
    archivadoEn: row.archivado_en ?? row.actualizado_en,
    plazas: { nenas: row.plazas_nenas, varones: row.plazas_varones },
    units: JSON.parse(row.participantes) as TUnidad[],
    draws: (JSON.parse(row.plan) as TSorteoDraw[]).slice(0, row.indice),
  };
}

/** The id of that raffle alone (cheap: the live boards poll it). */
export async function sorteoPublicadoId(db: Executor, cicloId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sorteos')
    .select('id')
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'archivado')
    .where('con_plan', '=', 1)
    .orderBy('archivado_en', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
