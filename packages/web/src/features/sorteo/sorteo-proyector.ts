import type { TSorteoParticipants, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TSorteoDelCiclo } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';

/**
 * The pure part of the public board on a projector (docs/ux.md "El tablero en el proyector"): which phase
 * the room is in, who was drawn last, and which closed raffle the "Sorteo finalizado" block verifies.
 */

/** antes: no raffle yet (date, time and place); en-curso: a raffle is running; finalizado: its results stay. */
export type FasePublica = 'antes' | 'en-curso' | 'finalizado';

export function fasePublica(status: Pick<TSorteoStatus, 'isActive' | 'resultadosDe'>): FasePublica {
  if (status.isActive) return 'en-curso';
  return status.resultadosDe ? 'finalizado' : 'antes';
}

export interface UltimoSorteado {
  /** The draw's index: a new one restarts the highlight. */
  index: number;
  numero: string;
  /** Initials (the public lines carry no names); siblings drawn together, joined. */
  nombre: string;
  /** "Titular · Nenas", "Suplente · Hermanos". */
  destino: string;
}

/** The draw confirmed last, as the board shows it large; null before the first one. */
export function ultimoSorteado(participants: Pick<TSorteoParticipants, 'participantes'>): UltimoSorteado | null {
  const last = participants.participantes.at(-1);
  if (!last) return null;
  const p = last.participante;
  const nombre = p.esGrupo && p.grupo.length > 1 ? p.grupo.map((g) => g.nombreCompleto).join(' · ') : p.nombreCompleto;
  const lista = p.esGrupo && new Set(p.grupo.map((g) => g.sexo)).size > 1 ? null : p.sexo === 'F' ? 'nenas' : 'varones';
  return {
    index: last.index,
    numero: padNumero(p.numeroInscripcion),
    nombre,
    destino: SORTEO_MSG.sorteadoComo(last.resultado, lista),
  };
}

/** The finalised raffle whose results the board shows, with its verify button; null in any other phase. */
export function sorteoMostrado(
  status: Pick<TSorteoStatus, 'isActive' | 'resultadosDe' | 'sorteosDelCiclo'>,
): TSorteoDelCiclo | null {
  if (status.isActive || !status.resultadosDe) return null;
  return status.sorteosDelCiclo.find((s) => s.id === status.resultadosDe && s.estado === 'finalizado') ?? null;
}
