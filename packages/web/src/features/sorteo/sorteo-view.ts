import type {
  TSorteoLinea,
  TSorteoParticipants,
  TSorteoStatus,
  TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import type { TLista, TResultado } from '@inscripciones/shared/sorteo/schemas.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The pure part of the raffle screen (SPEC 2 "Raffle screen", SPEC 4 "Raffle"): which control panel shows,
 * how the board's lists and lines read, how live states are merged, and which message an error shows.
 */

/**
 * The control panel an administrator sees; everyone else sees none (the board only).
 * - inicio: no raffle in progress: places and "Iniciar Sorteo".
 * - preparacion: started, before the first draw: commitment shown, public value may be entered.
 * - activo: a participant on screen and "Confirmar Selección".
 * - completado: every draw confirmed: "Sorteo Completado" and "Finalizar Sorteo".
 */
export type Panel = 'ninguno' | 'cargando' | 'inicio' | 'preparacion' | 'activo' | 'completado';

export function panelFor(status: TSorteoStatus | undefined, isAdmin: boolean): Panel {
  if (!isAdmin) return 'ninguno';
  if (!status) return 'cargando';
  if (!status.isActive) return 'inicio';
  if (status.completado) return 'completado';
  // The plan is computed at the first POST next; until then the public value can still be entered.
  if (status.valorPublicoAbierto) return 'preparacion';
  return 'activo';
}

/** One board line: the number padded to 3 digits and the name (or initials, as the server sent it). */
export function lineaTexto(linea: Pick<TSorteoLinea, 'numeroInscripcion' | 'nombreCompleto'>): string {
  return `${padNumero(linea.numeroInscripcion)} ${linea.nombreCompleto}`;
}

export interface BoardList {
  key: `${TResultado}-${TLista}`;
  titulo: string;
  resultado: TResultado;
  lista: TLista;
  lineas: TSorteoLinea[];
}

/** The four lists of SPEC 2, in its order: girls titulares, boys titulares, girls suplentes, boys suplentes. */
export function boardLists(participants: TSorteoParticipants): BoardList[] {
  const list = (resultado: TResultado, lista: TLista, lineas: TSorteoLinea[]): BoardList => ({
    key: `${resultado}-${lista}`,
    titulo: SORTEO_MSG.listaTitulo(resultado, lista),
    resultado,
    lista,
    lineas,
  });
  return [
    list('titular', 'nenas', participants.titulares.nenas),
    list('titular', 'varones', participants.titulares.varones),
    list('suplente', 'nenas', participants.suplentes.nenas),
    list('suplente', 'varones', participants.suplentes.varones),
  ];
}

/** The lines of the draw confirmed last are highlighted on the board. */
export function isUltimo(linea: Pick<TSorteoLinea, 'index'>, status: Pick<TSorteoStatus, 'currentIndex'>): boolean {
  return status.currentIndex > 0 && linea.index === status.currentIndex - 1;
}

/**
 * The state to keep when a new one arrives (from the live stream, a refetch or a local answer). States of
 * the same raffle only move forward: a late event that is older (fewer confirmations, or the public value
 * open again after the first draw) does not undo what this screen already knows. Another raffle, or the
 * end of this one, always wins.
 */
export function mergeTablero(current: TSorteoTablero | undefined, incoming: TSorteoTablero): TSorteoTablero {
  if (!current) return incoming;
  const a = current.status;
  const b = incoming.status;
  if (!a.isActive || !b.isActive || a.id === null || a.id !== b.id) return incoming;
  if (b.currentIndex < a.currentIndex) return current;
  if (b.currentIndex === a.currentIndex && b.valorPublicoAbierto && !a.valorPublicoAbierto) return current;
  return incoming;
}

/** The status right after this screen's confirmation, before the live stream brings the rest. */
export function withConfirmation(
  tablero: TSorteoTablero,
  answer: { selectedCount: number; suplentesCount: number; currentIndex: number; completado: boolean },
): TSorteoTablero {
  const s = tablero.status;
  if (!s.isActive || answer.currentIndex <= s.currentIndex) return tablero;
  return {
    ...tablero,
    status: {
      ...s,
      currentIndex: answer.currentIndex,
      selectedCount: answer.selectedCount,
      suplentesCount: answer.suplentesCount,
      completado: answer.completado,
      valorPublicoAbierto: false,
    },
  };
}

/** The status once the first draw was asked for: the public value is closed. */
export function withPlan(tablero: TSorteoTablero): TSorteoTablero {
  if (!tablero.status.isActive || !tablero.status.valorPublicoAbierto) return tablero;
  return { ...tablero, status: { ...tablero.status, valorPublicoAbierto: false } };
}

/**
 * The lists to show an administrator: their own read (with stage and position) unless the live stream
 * already brought more confirmed draws (the next read is on its way); everyone else sees the public lists.
 */
export function pickParticipants(
  publicos: TSorteoParticipants | undefined,
  admin: TSorteoParticipants | undefined,
): TSorteoParticipants | undefined {
  if (!admin) return publicos;
  if (!publicos) return admin;
  return admin.participantes.length >= publicos.participantes.length ? admin : publicos;
}

/** SPEC 8 "Raffle": the server's text, "Error de conexión" when it could not be reached, else the fallback. */
export function sorteoErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return SORTEO_MSG.errorConexion;
    if (error.message) return error.message;
  }
  return fallback;
}

/** POST /api/sorteo/start: only the "an archived raffle exists" refusal can be confirmed (0008). */
export function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFIRMATION_REQUIRED';
}

/** Whole numbers 0–1000 (the server's limits for places); null for anything else. */
export function parsePlazas(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= 1000 ? n : null;
}
