import { z } from 'zod';
import { ZSorteoDraw, ZUnidad, type TSorteoDraw, type TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { childResults, type TResultadoHijo } from '@inscripciones/shared/sorteo/results.ts';
import type { Executor } from '../db/executor.ts';

/**
 * What the raffles of a cycle decided about each child, read from their frozen participants and their
 * confirmed draws (docs/decisions/0008). Read-only: the raffle feature owns these tables; the personal-data
 * report and the retention read them here.
 */
export interface SorteoDelCiclo {
  id: string;
  anio: number;
  /** 'anulado': ended before its last draw, with a reason (issue 16); it decided nothing. */
  estado: 'activo' | 'archivado' | 'anulado';
  creadoEn: string;
  archivadoEn: string | null;
  units: TUnidad[];
  /** The results of its confirmed draws only. */
  resultados: TResultadoHijo[];
}

const ZUnidades = z.array(ZUnidad);
const ZPlan = z.array(ZSorteoDraw);

/** Every raffle of the cycle, oldest first, with the results of its confirmed draws. */
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
      'sorteos.indice',
      'sorteo_contenidos.participantes',
      'sorteo_contenidos.plan',
    ])
    .where('sorteos.ciclo_id', '=', cicloId)
    .orderBy('sorteos.creado_en')
    .orderBy('sorteos.id')
    .execute();
  return rows.map((r) => {
    const units = ZUnidades.parse(JSON.parse(r.participantes));
    const plan: TSorteoDraw[] = r.plan ? ZPlan.parse(JSON.parse(r.plan)) : [];
    return {
      id: r.id,
      anio: r.anio,
      estado: r.estado,
      creadoEn: r.creado_en,
      archivadoEn: r.archivado_en,
      units,
      resultados: childResults(units, plan, Math.min(r.indice, plan.length)),
    };
  });
}
