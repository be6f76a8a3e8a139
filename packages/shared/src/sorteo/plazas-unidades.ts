import type { TLista } from './schemas.ts';
import type { TEstadoNino, TPublicacion } from './plazas-estado.ts';

/**
 * What the offers' roll-up (plazas.ts) tracks while it runs: each unit of the draws with its children, their
 * place in their list and their state, and the unit's offer; and the times it reads, as milliseconds.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Nino {
  miembro: number;
  lista: TLista;
  posicion: number;
  estado: TEstadoNino;
  /** Answered on their own (`miembro`): the unit's later answers are no longer theirs. */
  aparte: boolean;
}

export interface Unidad {
  numero: number;
  titular: boolean;
  ninos: Nino[];
  oferta: { en: number; vence: number } | null;
}

export const toMs = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Fecha inválida: ${iso}`);
  return ms;
};
export const toIso = (ms: number) => new Date(ms).toISOString();

/** Each unit of the draws as the roll-up starts: every child waiting, no offer yet, in draw order. */
export function unidadesDe(publicacion: TPublicacion): Unidad[] {
  return publicacion.draws.map((d) => ({
    numero: d.numero,
    titular: d.resultado === 'titular',
    ninos: d.miembros.map((m, miembro) => ({
      miembro,
      lista: m.lista,
      posicion: m.posicion,
      estado: 'espera',
      aparte: false,
    })),
    oferta: null,
  }));
}
