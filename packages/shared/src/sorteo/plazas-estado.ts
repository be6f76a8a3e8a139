import type { TLista, TPlazas, TSorteoDraw } from './schemas.ts';
import type { THorarioAtencion } from './plazo-horario.ts';

/**
 * What the offers' roll-up (plazas.ts, docs/decisions/0015) reads and computes: the published raffle and the
 * answers recorded, and the state of every offer, queue and child at a time.
 */

export const RESPUESTAS_PLAZA = ['aceptada', 'rechazada', 'vencida'] as const;
export type TRespuestaPlaza = (typeof RESPUESTAS_PLAZA)[number];

/** A child's state: `espera` is a suplente not offered yet. */
export type TEstadoNino = 'espera' | 'ofrecida' | TRespuestaPlaza;

/** The published raffle as the roll-up needs it. */
export interface TPublicacion {
  /** Every draw of the raffle, in order (the plan, all confirmed). */
  draws: readonly TSorteoDraw[];
  plazas: TPlazas;
  /** When the result was published: the titulares' offer time (ISO 8601). */
  publicadoEn: string;
  /** Days an offer stays open (a cycle setting), as it was when the result was published. */
  plazoDias: number;
  /**
   * Later changes of the setting, in time order: an offer made at or after `desde` stays open `dias` days.
   * Offers made before a change keep their deadline.
   */
  plazos?: readonly TCambioPlazo[] | undefined;
  /**
   * The school's opening hours, fixed when the season started (decision 0031): every deadline is moved into
   * them. Absent for seasons started before the rule (their deadlines are offer time + days).
   */
  horario?: THorarioAtencion | null | undefined;
}

/** A change of the cycle's deadline days after publication (docs/decisions/0015). */
export interface TCambioPlazo {
  desde: string;
  dias: number;
}

/**
 * One entry of the log: a recorded answer, or (`respuesta` 'plazo') an administrator's change of the unit's open
 * offer's deadline to `vence`. `miembro`: the index of one child of a group (canonical order) answering alone.
 */
export interface TEventoPlaza {
  en: string;
  numero: number;
  respuesta: TRespuestaPlaza | 'plazo';
  miembro?: number | undefined;
  motivo?: string | undefined;
  /** The family answered itself, online (/estado); absent when staff recorded it. The roll-up ignores it. */
  canal?: 'en_linea' | undefined;
  /** The new deadline ('plazo' only). */
  vence?: string | undefined;
}

export interface TOfertaMiembro {
  miembro: number;
  lista: TLista;
  estado: TEstadoNino;
}

export interface TOferta {
  numero: number;
  /** `titular` for the raffle's titulares, `suplente` for a place passed on by the roll-up. */
  origen: 'titular' | 'suplente';
  ofrecidaEn: string;
  vence: string;
  /** `ofrecida` while some child has not answered, then `aceptada` if some child accepted, else the answer. */
  estado: TRespuestaPlaza | 'ofrecida';
  miembros: TOfertaMiembro[];
}

export interface TEnCola {
  numero: number;
  miembro: number;
  /** The published suplente position in the list. */
  posicionPublicada: number;
  /** The position now, among those still waiting in the list. */
  posicionActual: number;
}

export interface TResumenLista {
  plazas: number;
  aceptadas: number;
  ofrecidas: number;
  libres: number;
}

export interface TCambioPlaza {
  en: string;
  numero: number;
  miembro: number;
  lista: TLista;
  estado: Exclude<TEstadoNino, 'espera'>;
  /** What caused it: the publication, the roll-up, a recorded answer (its index in the log) or the deadline. */
  causa: 'sorteo' | 'corrimiento' | 'respuesta' | 'plazo';
  evento?: number;
  motivo?: string;
}

export interface TEstadoPlazas {
  /** When the state was computed (the last event, or the given time if later). */
  en: string;
  listas: Record<TLista, TResumenLista>;
  /** Every offer made, in the order made. */
  ofertas: TOferta[];
  /** The suplentes waiting, per list, in their current order. */
  cola: Record<TLista, TEnCola[]>;
  /** Every change, in order: each child's history. */
  historial: TCambioPlaza[];
  /** Events of the log that were not applied, with the reason. */
  ignorados: { evento: number; motivo: string }[];
}
