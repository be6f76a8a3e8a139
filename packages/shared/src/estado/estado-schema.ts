import { z } from '../zod-es.ts';
import { ZLista } from '../sorteo/schemas.ts';
import { safeText } from '../text-rule.ts';
import { ZEstadoEnRed } from './estado-en-red.ts';

/**
 * The families' status page (docs/decisions/0023): the enrolment number and its status code in,
 * the status out, with nothing personal beyond initials.
 */

/** Unambiguous characters (no 0/O, 1/I/L): 10 of them hold log2(31) × 10 ≈ 49.5 bits. */
export const CODIGO_ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODIGO_LARGO = 10;

/** As typed: case, spaces and dashes do not matter ("abcde-23456" is "ABCDE23456"). */
export function normalizarCodigo(codigo: string): string {
  return codigo.toUpperCase().replace(/[\s-]+/g, '');
}

/** As printed: two groups of five ("ABCDE-23456"), easier to copy. */
export function codigoLegible(codigo: string): string {
  const c = normalizarCodigo(codigo);
  return c.length === CODIGO_LARGO ? `${c.slice(0, 5)}-${c.slice(5)}` : c;
}

export const ESTADO_LABELS_CONSULTA = {
  numeroInscripcion: 'Número de inscripción',
  codigo: 'Código',
} as const;

export const ZConsultaEstado = z.strictObject({
  numeroInscripcion: z
    .number({ error: 'Número de inscripción: ingresá un número' })
    .int({ error: 'Número de inscripción: ingresá un número entero' })
    .min(1, { error: 'Número de inscripción: ingresá un número mayor que 0' })
    .max(1_000_000, { error: 'Número de inscripción: el número es demasiado grande' }),
  codigo: safeText('Código', { error: 'Código: este campo es obligatorio' })
    .max(40, { error: 'Código: como máximo 40 caracteres' })
    .refine((c) => normalizarCodigo(c).length > 0, { error: 'Código: este campo es obligatorio' }),
});
export type TConsultaEstado = z.infer<typeof ZConsultaEstado>;

/** One child of the number: their form before the raffle, where they stand after it. */
export const ZNinoEstado = z.object({
  iniciales: z.string(),
  /** titular: a place offered, waiting for the family's answer until `vence`. */
  estado: z.enum([
    'pendiente',
    'finalizada',
    'titular',
    'suplente',
    'aceptada',
    'rechazada',
    'vencida',
    'no-participo',
  ]),
  lista: ZLista.optional(),
  vence: z.string().optional(),
  /** Suplente N° posicion of the list, now. */
  posicion: z.number().int().positive().optional(),
  /** Offers of the same list still waiting for an answer: each one declined or expired moves the list up. */
  ofertasPendientes: z.number().int().min(0).optional(),
  /**
   * The child's huella in the raffle's public list and acta: the family finds it there, and with the
   * salt published at the close recomputes it from its number and code (sorteo/lista-publica.ts).
   */
  huella: z.string().optional(),
});
export type TNinoEstado = z.infer<typeof ZNinoEstado>;

export const ZEstadoFamilia = z.object({
  numeroInscripcion: z.number().int(),
  ciclo: z.string(),
  /** pendiente → finalizada → sorteada (each child's place in `ninos`); no-participo: the raffle was without it. */
  estado: z.enum(['pendiente', 'finalizada', 'sorteada', 'no-participo']),
  /** Pendiente: the form's sections still incomplete (titles only, never data). */
  faltan: z.array(z.string()),
  ninos: z.array(ZNinoEstado),
  sorteo: z.object({ fecha: z.string(), hora: z.string(), lugar: z.string(), transmisionUrl: z.string() }),
  /** The school's contact from Configuración: where and when the family does what `siguiente` asks. */
  escuela: z.object({ nombre: z.string(), telefono: z.string(), direccion: z.string(), horarios: z.string() }),
  /** What the family has to do next, before when (`antesDe`, ISO 8601, null when there is no deadline) and how. */
  siguiente: z.object({ accion: z.string(), antesDe: z.string().nullable(), como: z.string() }),
  /** In a year the network assigns (0039), once it has: the family's place in the network, instead of `ninos`' places. */
  red: ZEstadoEnRed.optional(),
});
export type TEstadoFamilia = z.infer<typeof ZEstadoFamilia>;

/** The staff's view of a number's code (the enrolment's screen, after a regeneration). */
export const ZCodigoEstado = z.object({
  numeroInscripcion: z.number().int(),
  codigo: z.string(),
  creadoEn: z.string(),
});
export type TCodigoEstado = z.infer<typeof ZCodigoEstado>;
