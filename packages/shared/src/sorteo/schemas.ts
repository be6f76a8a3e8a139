import { z } from '../zod-es.ts';

/**
 * The raffle's domain shapes (docs/decisions/0008): the frozen participant units, the places, and the
 * plan of draws. They travel in the database, in the acta JSON and through the verifier, so they are
 * zod schemas; the engine (units.ts, plan.ts) works on the inferred types.
 */

/** The four stages of SPEC 4, in order. */
export const SORTEO_STAGES = ['hermanos_juntos', 'hermanos_primaria', 'comun', 'suplentes'] as const;
export const ZSorteoStage = z.enum(SORTEO_STAGES);
export type TSorteoStage = z.infer<typeof ZSorteoStage>;

/** The two lists per result: girls and boys (a child whose sexo is "Otro" goes to one of them, see poolOf). */
export const LISTAS = ['nenas', 'varones'] as const;
export const ZLista = z.enum(LISTAS);
export type TLista = z.infer<typeof ZLista>;

export const RESULTADOS = ['titular', 'suplente'] as const;
export const ZResultado = z.enum(RESULTADOS);
export type TResultado = z.infer<typeof ZResultado>;

export const ZSexoSorteo = z.enum(['F', 'M', 'Otro']);
export type TSexoSorteo = z.infer<typeof ZSexoSorteo>;

/** One child of a unit: an enrolment (inscriptoId) or a sibling listed in section 9 without a record of their own. */
export const ZMiembro = z.strictObject({
  ci: z.string().nullable(),
  inscriptoId: z.string().nullable(),
  nombreCompleto: z.string(),
  sexo: ZSexoSorteo,
  /**
   * The child's published `huella`, frozen with the list since v2 (keyed by the number's status code,
   * lista-publica.ts). Lists frozen before carry it only for a child anonymised after the raffle
   * (docs/decisions/0024), whose `ci` is then a stand-in that keeps the member order and `nombreCompleto` the
   * initials.
   */
  huella: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type TMiembro = z.infer<typeof ZMiembro>;

/**
 * What is drawn: a sibling group (several members sharing numeroInscripcion) or one child.
 * `hermanosPrimaria`: some member has siblings already in the school's primary (stage 2 for a lone child).
 */
export const ZUnidad = z.strictObject({
  numero: z.number().int().positive(),
  hermanosPrimaria: z.boolean(),
  miembros: z.array(ZMiembro).min(1),
});
export type TUnidad = z.infer<typeof ZUnidad>;

export const ZPlazas = z.strictObject({
  nenas: z.number().int().min(0),
  varones: z.number().int().min(0),
});
export type TPlazas = z.infer<typeof ZPlazas>;

/** Where one member ended: its list and its 1-based position in that list (titulares or suplentes). */
export const ZAsignacion = z.strictObject({
  lista: ZLista,
  posicion: z.number().int().positive(),
});
export type TAsignacion = z.infer<typeof ZAsignacion>;

/**
 * One draw of the plan. `miembros` follows the unit's canonical member order. A group that does not fit in
 * stage 1 is a suplente draw of stage 1; everyone left after stage 3 is a draw of stage 4.
 */
export const ZSorteoDraw = z.strictObject({
  index: z.number().int().min(0),
  stage: ZSorteoStage,
  numero: z.number().int().positive(),
  resultado: ZResultado,
  miembros: z.array(ZAsignacion).min(1),
});
export type TSorteoDraw = z.infer<typeof ZSorteoDraw>;

/** Start statistics of SPEC 3: groups, lone children with siblings in primary, the rest, and all children. */
export interface TEstadisticas {
  gruposHermanos: number;
  hermanosPrimaria: number;
  comunes: number;
  total: number;
}
