import type { TPlazas, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../db/executor.ts';

/** The finalised raffle of a cycle, as the places and offers after it need it (docs/decisions/0015). */
export interface TResultadosDelCiclo {
  sorteoId: string;
  anio: number;
  /** When the raffle was finalised (ISO-8601): the publication time of the results. */
  finalizadoEn: string;
  plazas: TPlazas;
  /** The frozen units, canonical order (docs/decisions/0008). */
  unidades: TUnidad[];
  /** Every draw, in order: each member's list and titular or suplente position. */
  sorteos: TSorteoDraw[];
}

/**
 * The cycle's finalised raffle (estado 'archivado' with every draw confirmed), or null while there is none.
 * Annulled raffles never count. Since migration 0013 a cycle has at most one; before it, the last one.
 */
export async function resultadosDelCiclo(db: Executor, cicloId: string): Promise<TResultadosDelCiclo | null> {
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
      'sorteos.total',
      'sorteo_contenidos.participantes',
      'sorteo_contenidos.plan',
    ])
    .where('sorteos.ciclo_id', '=', cicloId)
    .where('sorteos.estado', '=', 'archivado')
    .orderBy('sorteos.archivado_en', 'desc')
    .orderBy('sorteos.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || !row.plan || row.indice < row.total) return null;
  return {
    sorteoId: row.id,
    anio: row.anio,
    finalizadoEn: row.archivado_en ?? row.actualizado_en,
    plazas: { nenas: row.plazas_nenas, varones: row.plazas_varones },
    unidades: JSON.parse(row.participantes) as TUnidad[],
    sorteos: JSON.parse(row.plan) as TSorteoDraw[],
  };
}
