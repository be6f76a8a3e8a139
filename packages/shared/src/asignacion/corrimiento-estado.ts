import type { TLista } from '../sorteo/schemas.ts';
import type { TEspera, TRed, TResultadoAsignacion } from './schemas.ts';

/**
 * The network's roll-up after the assignment (docs/decisions/0028 "Después de la asignación"): a pure function
 * of the published assignment and the ordered log of answers, like the school's (`sorteo/plazas.ts`), so
 * anyone with the public acta and the log can recompute the state.
 *
 * - Every application with a school is `pendiente` from the publication, with a deadline (`plazoDias`).
 *   Without one it is `espera`: it waits at every school it ranked.
 * - Answers (SAE's three, plus the scheduler's expiry): `acepta` keeps the place and leaves every waitlist;
 *   `acepta-y-espera` keeps the place and keeps waiting at the schools ranked above it; `rechaza` gives up the
 *   place and every waitlist; `vence` (the deadline passed without an answer, recorded by the scheduler) is
 *   `rechaza`. A child of a group may `rechaza` alone: its place is freed and the group goes on with the rest.
 *   An answer names the school it is for; if the application has moved since, it is not applied.
 * - A freed place is offered at once to the first application on that school's waitlist whose children fit
 *   in the free places of their lists there (waitlist order: class, then azar, as in the assignment). Taking
 *   it is automatic, since the family ranked that school higher: its previous place is released at the same
 *   moment (nobody ever holds two) and rolls on the same way. Schools with freed places are served first in,
 *   first out. Moving up keeps `acepta-y-espera`; a `pendiente` or `espera` application becomes `pendiente`
 *   with a new deadline.
 * - Events that break these rules are listed in `ignorados` with the reason and not applied.
 */
/*
 * This module: what the roll-up (corrimiento.ts) reads and computes: the published assignment and the answers
 * recorded, and the state of every school, application and waitlist at a time.
 */

export const RESPUESTAS_ASIGNACION = ['acepta', 'acepta-y-espera', 'rechaza', 'vence'] as const;
export type TRespuestaAsignacion = (typeof RESPUESTAS_ASIGNACION)[number];

export type TEstadoPostulacion = 'pendiente' | 'acepta' | 'acepta-y-espera' | 'espera' | 'rechaza' | 'vence';

export interface TPublicacionAsignacion {
  red: TRed;
  /** The published assignment (only each application's school is read; the waitlists follow from it). */
  resultados: readonly TResultadoAsignacion[];
  publicadoEn: string;
  /** Days a family has to answer an offer. */
  plazoDias: number;
}

export interface TEventoAsignacion {
  en: string;
  numero: number;
  respuesta: TRespuestaAsignacion;
  /** The school whose place this answers for; null for an application without one (only `rechaza`). */
  escuela: string | null;
  /** A child of a group declining alone (its index in member order; only `rechaza`). */
  miembro?: number | undefined;
  motivo?: string | undefined;
}

export interface TCambioAsignacion {
  en: string;
  numero: number;
  /** The place before and after (the same for an answer that keeps it). */
  de: string | null;
  a: string | null;
  estado: TEstadoPostulacion;
  causa: 'respuesta' | 'corrimiento';
  /** The index in the log of the answer that caused it (directly or down the chain). */
  evento?: number;
  miembro?: number;
}

export interface TPostulacionActual {
  numero: number;
  escuela: string | null;
  estado: TEstadoPostulacion;
  /** Deadline of a `pendiente` offer. */
  vence: string | null;
  /** Which children are still in (false: declined alone). */
  integrantes: boolean[];
  /** Current waitlist places, in the family's order. */
  espera: TEspera[];
}

export interface TListaActual {
  plazas: number;
  ocupadas: number;
  libres: number;
}

export interface TEstadoAsignacion {
  en: string;
  escuelas: { codigo: string; listas: Record<TLista, TListaActual> }[];
  /** In ascending number. */
  postulaciones: TPostulacionActual[];
  historial: TCambioAsignacion[];
  /** Offers whose deadline is at or before the state's time: the scheduler records their `vence`. */
  porVencer: { numero: number; escuela: string; vence: string }[];
  ignorados: { evento: number; motivo: string }[];
}
