import { z } from '../zod-es.ts';
import { ZLista, ZPlazas } from '../sorteo/schemas.ts';

/**
 * The network-wide assignment's domain shapes (docs/decisions/0028): the schools with their places per
 * list, each application's ranked choices with its priority and its children's lists at each school, its
 * random number, and the result. They travel in the public acta and through the verifier, so they are zod
 * schemas; the engine (deferred-acceptance.ts) works on the inferred types.
 */

/**
 * Priority classes at a school, best first: the raffle's stages of 0008 before `suplentes`. A sibling group
 * enrolling together is `hermanos_juntos` at every school; a lone child is `hermanos_primaria` at a school where
 * it has a sibling in primary, `comun` elsewhere.
 */
export const PRIORIDADES = ['hermanos_juntos', 'hermanos_primaria', 'comun'] as const;
export const ZPrioridad = z.enum(PRIORIDADES);
export type TPrioridad = z.infer<typeof ZPrioridad>;

/** A school code: what families rank and the acta shows (letters, digits, `.`, `_`, `-`; 1 to 40). */
export const ZCodigoEscuela = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/);

export const ZEscuelaRed = z.strictObject({
  codigo: ZCodigoEscuela,
  plazas: ZPlazas,
});
export type TEscuelaRed = z.infer<typeof ZEscuelaRed>;

/**
 * One ranked choice: the school, the application's priority there, and the list (nenas or varones) each
 * child competes in there, in member order. A child whose sexo is "Otro" is in that school's list with more
 * places (nenas on a tie), so its list may differ between schools (0008, `poolOf`).
 */
export const ZPreferencia = z.strictObject({
  escuela: ZCodigoEscuela,
  prioridad: ZPrioridad,
  listas: z.array(ZLista).min(1),
});
export type TPreferencia = z.infer<typeof ZPreferencia>;

/**
 * What the engine reads of one application (a child, or a sibling group enrolling together): its number,
 * its random number `azar` (1 = best; one per application, so siblings share it) and its choices, first
 * choice first.
 */
export const ZPostulacion = z.strictObject({
  numero: z.number().int().positive(),
  azar: z.number().int().positive(),
  preferencias: z.array(ZPreferencia).min(1),
});
export type TPostulacion = z.infer<typeof ZPostulacion>;

/**
 * A place on a waitlist: the school and, per child in member order, its 1-based position among the children
 * of its list waiting at that school.
 */
export const ZEspera = z.strictObject({
  escuela: ZCodigoEscuela,
  posiciones: z.array(z.number().int().positive()).min(1),
});
export type TEspera = z.infer<typeof ZEspera>;

/**
 * The result for one application: the school assigned (all its children there) or null, and its waitlist
 * place at every school it ranked above that one (every school it ranked when it has none), in its order.
 */
export const ZResultadoAsignacion = z.strictObject({
  numero: z.number().int().positive(),
  escuela: ZCodigoEscuela.nullable(),
  espera: z.array(ZEspera),
});
export type TResultadoAsignacion = z.infer<typeof ZResultadoAsignacion>;

/** The whole input of one run. `maxPreferencias`: the most choices an application may list (the network's N). */
export interface TRed {
  maxPreferencias: number;
  escuelas: readonly TEscuelaRed[];
  postulaciones: readonly TPostulacion[];
}

/** The default N of the product issue: five ranked schools. */
export const MAX_PREFERENCIAS_POR_DEFECTO = 5;
