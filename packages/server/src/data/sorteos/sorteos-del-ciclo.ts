import { z } from 'zod';
import {
  ZSorteoDraw,
  ZUnidad,
  type TPlazas,
  type TSorteoDraw,
  type TUnidad,
} from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * One raffle of a cycle as the features after it read it (docs/decisions/0008, 0015): its frozen units and its
 * confirmed draws. The one read of a cycle's raffles that the places, the personal-data report and the
 * retention share (domain/sorteos/resultados.ts derives the published raffle and each child's result).
 */
export interface SorteoDelCiclo {
  id: string;
  anio: number;
  /** 'anulado': ended before its last draw, with a reason; it decided nothing. */
  estado: 'activo' | 'archivado' | 'anulado';
  creadoEn: string;
  /** When it was closed (archived or annulled); null while active. */
  archivadoEn: string | null;
  actualizadoEn: string;
  /** The public value fixed its plan: the draws exist. */
  conPlan: boolean;
  plazas: TPlazas;
  units: TUnidad[];
  /** The confirmed draws, in order. */
  draws: TSorteoDraw[];
}

const ZUnidades = z.array(ZUnidad);
const ZPlan = z.array(ZSorteoDraw);

/** Every raffle of the cycle, oldest first. */
export async function sorteosDelCiclo(db: Executor, cicloId: string): Promise<SorteoDelCiclo[]> {
  const rows = await db
    .selectFrom('sorteos')
    .innerJoin('sorteo_contenidos', 'sorteo_contenidos.sorteo_id', 'sorteos.id')
    .select([
      'sorteos.id',
      'sorteos.anio',
      'sorteos.estado',
      'sorteos.creado_en',
      'sorteos.archivado_en',
      'sorteos.actualizado_en',
      'sorteos.con_plan',
      'sorteos.plazas_nenas',
      'sorteos.plazas_varones',
      'sorteos.indice',
      'sorteo_contenidos.participantes',
      'sorteo_contenidos.plan',
    ])
    .where('sorteos.ciclo_id', '=', cicloId)
    .orderBy('sorteos.creado_en')
    .orderBy('sorteos.id')
    .execute();
  return rows.map((r) => {
    const plan = r.plan ? ZPlan.parse(JSON.parse(r.plan)) : [];
    return {
      id: r.id,
      anio: r.anio,
      estado: r.estado,
      creadoEn: r.creado_en,
      archivadoEn: r.archivado_en,
      actualizadoEn: r.actualizado_en,
      conPlan: r.con_plan === 1,
      plazas: { nenas: r.plazas_nenas, varones: r.plazas_varones },
      units: ZUnidades.parse(JSON.parse(r.participantes)),
      draws: plan.slice(0, r.indice),
    };
  });
}

/**
 * The id domain/sorteos' `sorteoPublicado` would return and the SHA-256 of its frozen list, without reading the
 * contents (cheap: the live boards poll it). Deleting or anonymising a child rewrites the list and its hash, so a
 * cache keyed on both is read again on every instance.
 */
export async function sorteoPublicadoClave(
  db: Executor,
  cicloId: string,
): Promise<{ id: string; participantesHash: string } | null> {
  const row = await db
    .selectFrom('sorteos')
    .select(['id', 'participantes_hash'])
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'archivado')
    .where('con_plan', '=', 1)
    .orderBy('archivado_en', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, participantesHash: row.participantes_hash } : null;
}

/** The cycle a raffle belongs to (an offer names its raffle). */
export async function cicloDelSorteo(db: Executor, sorteoId: string): Promise<string | null> {
  const row = await db.selectFrom('sorteos').select('ciclo_id').where('id', '=', sorteoId).executeTakeFirst();
  return row?.ciclo_id ?? null;
}
