import { childResults, type TResultadoHijo } from '@inscripciones/shared/sorteo/results.ts';
import type { SorteoDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';

/**
 * What the raffles of a cycle decided (docs/decisions/0008, 0015), from data/sorteos' `sorteosDelCiclo`: the
 * published raffle the places and offers after it start from (archived with a plan; annulled ones never count),
 * and what each child got in the confirmed draws.
 */

/** The raffle the season after it starts from: archived with a plan; archived at a known time. */
export type SorteoPublicado = SorteoDelCiclo & { archivadoEn: string };

/** What each child got in the raffle's confirmed draws. */
export function resultadosDe(sorteo: SorteoDelCiclo): TResultadoHijo[] {
  return childResults(sorteo.units, sorteo.draws);
}

const published = (s: SorteoDelCiclo) => s.estado === 'archivado' && s.conPlan;
const byArchive = (a: SorteoDelCiclo, b: SorteoDelCiclo) =>
  (a.archivadoEn ?? '').localeCompare(b.archivadoEn ?? '') || a.id.localeCompare(b.id);

/**
 * The cycle's published raffle: the last one archived with a plan (since migration 0013 a cycle has at most
 * one). Annulled raffles never count.
 */
export function sorteoPublicado(sorteos: readonly SorteoDelCiclo[]): SorteoPublicado | null {
  const last = sorteos.filter(published).sort(byArchive).at(-1);
  return last ? { ...last, archivadoEn: last.archivadoEn ?? last.actualizadoEn } : null;
}
