import { z } from '../zod-es.ts';
import { ZCodigoEscuela } from './codigo.ts';

/**
 * The schools a family ranks for the network's assignment (docs/decisions/0028): school codes, first choice
 * first, none twice. How many (the network's N) and which codes exist are the network's and the server checks
 * them; an empty list means none, stored as null.
 */
export const PREFERENCIAS_MSG = {
  lista: 'Escuelas elegidas: debe ser una lista de códigos de escuela, la primera opción primero',
  repetida: (codigo: string) => `Escuelas elegidas: la escuela ${codigo} está más de una vez`,
  demasiadas: (max: number) => `Escuelas elegidas: podés elegir como máximo ${max} escuelas`,
  desconocida: (codigo: string) => `Escuelas elegidas: ${codigo} no es una escuela de la red`,
} as const;

/** The label the 400s name the field with. */
export const PREFERENCIAS_LABEL = 'Escuelas elegidas';

/** A hard cap on any network's N: a body never carries a longer list. */
export const MAX_PREFERENCIAS_TOPE = 40;

export const ZPreferencias = z
  .array(ZCodigoEscuela, { error: PREFERENCIAS_MSG.lista })
  .max(MAX_PREFERENCIAS_TOPE, { error: PREFERENCIAS_MSG.demasiadas(MAX_PREFERENCIAS_TOPE) })
  .superRefine((codigos, c) => {
    const repetida = codigos.find((x, i) => codigos.indexOf(x) !== i);
    if (repetida !== undefined) c.addIssue({ code: 'custom', message: PREFERENCIAS_MSG.repetida(repetida) });
  })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.length === 0 ? null : v));

/** A stored list (a JSON text column) as the API returns it. */
export const ZPreferenciasLeidas = z.array(z.string()).nullable();

/** The stored form (a JSON text column): the list, null when none. */
export const preferenciasColumna = (preferencias: readonly string[] | null): string | null =>
  preferencias ? JSON.stringify(preferencias) : null;

/** A stored list, or null. */
export function preferenciasDe(columna: string | null | undefined): string[] | null {
  if (!columna) return null;
  const lista = JSON.parse(columna) as unknown;
  return Array.isArray(lista) ? lista.filter((c): c is string => typeof c === 'string') : null;
}
