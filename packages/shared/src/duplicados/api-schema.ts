import { z } from '../zod-es.ts';
import { paginacion } from '../paginacion.ts';
import { safeText } from '../text-rule.ts';
import { ZInscriptoData } from '../inscriptos/inscripto-schema.ts';
import { FIELD_LABELS } from '../inscriptos/fields.ts';
import { MOTIVOS_DUPLICADO } from './duplicados.ts';

/** The API of possible duplicates: the open pairs, and "No son la misma persona". */

/** One child of a pair as the screen compares it: an enrolment's own child, or a sibling listed in one. */
export const ZNinoDuplicado = z.object({
  inscriptoId: z.string(),
  /** Index in the enrolment's list of siblings enrolling this year; null for the enrolment's own child. */
  hermano: z.number().int().min(0).nullable(),
  numeroInscripcion: z.number().int().nullable(),
  nombreCompleto: z.string(),
  fechaNacimiento: z.string().nullable(),
  ci: z.string().nullable(),
});
export type TNinoDuplicado = z.infer<typeof ZNinoDuplicado>;

export const ZParDuplicado = z.object({
  /** Stable: derived from the two children and the reason. */
  id: z.string(),
  motivo: z.enum(MOTIVOS_DUPLICADO),
  /** The reason in words ("misma fecha de nacimiento y nombre"). */
  motivoTexto: z.string(),
  a: ZNinoDuplicado,
  b: ZNinoDuplicado,
});
export type TParDuplicadoApi = z.infer<typeof ZParDuplicado>;

/** Most children a group lists (a group of look-alikes can hold thousands; `cantidad` counts them all). */
export const MAX_NINOS_GRUPO = 50;

/**
 * A group of look-alike children: the connected parts of the rule's pairs, so k look-alikes are one
 * group, not k(k−1)/2 pairs. `a` and `b` are its first two children, and `motivo` its best reason: a group of
 * two is the pair it always was (same `id`, so a pair resolved before stays resolved).
 */
export const ZGrupoDuplicado = ZParDuplicado.extend({
  /** The children, ordered, at most MAX_NINOS_GRUPO of them. */
  ninos: z.array(ZNinoDuplicado),
  /** How many children the group has. */
  cantidad: z.number().int().min(2),
  /** Every reason that joined them, best first. */
  motivos: z.array(z.enum(MOTIVOS_DUPLICADO)),
});
export type TGrupoDuplicadoApi = z.infer<typeof ZGrupoDuplicado>;

/**
 * GET /api/duplicados?page=&pageSize=: one page of open groups (as GET /api/inscriptos pages), `total` counts
 * them all. `limite` (older) caps the page instead: the sidebar's badge asks for 0.
 */
export const ZDuplicadosQuery = z.object({
  ...paginacion(20),
  limite: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(0)
    .max(100, { error: 'El límite debe ser entre 0 y 100' })
    .optional(),
});
export type TDuplicadosQuery = z.infer<typeof ZDuplicadosQuery>;

export const ZDuplicadosList = z.object({
  items: z.array(ZGrupoDuplicado),
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TDuplicadosList = z.infer<typeof ZDuplicadosList>;

/** GET /api/duplicados/inscripto/{id}: the warnings the form shows for one enrolment. */
export const ZAvisosDuplicado = z.object({
  items: z.array(z.object({ mensaje: z.string(), par: ZParDuplicado })),
});
export type TAvisosDuplicado = z.infer<typeof ZAvisosDuplicado>;

/**
 * POST /api/duplicados/verificar: the fields the rule reads of a record not saved yet (a new one, or an edit
 * in progress, whose stored copy it replaces when `id` is given), validated as the form's.
 */
export const ZVerificarDuplicado = ZInscriptoData.pick({
  nombre1: true,
  apellido1: true,
  apellido2: true,
  fechaNacimiento: true,
  ci: true,
  hermanosInscriben: true,
}).extend({ id: z.uuid({ error: 'El identificador no es válido' }).optional() });
export type TVerificarDuplicado = z.input<typeof ZVerificarDuplicado>;
export type TVerificarDuplicadoParsed = z.output<typeof ZVerificarDuplicado>;
export const VERIFICAR_LABELS: Record<string, string> = { ...FIELD_LABELS, id: 'Identificador' };

/**
 * A possible duplicate resolved by deleting one of its records (POST /api/duplicados/{id}/eliminar): the record
 * deleted (its number only: it is gone), the group's other records as they are now (`nombreCompleto` null when
 * one of them is gone too), who and when.
 */
export const ZDuplicadoEliminado = z.object({
  id: z.string(),
  eliminado: z.object({ inscriptoId: z.string(), numeroInscripcion: z.number().int().nullable() }),
  conservados: z.array(
    z.object({
      inscriptoId: z.string(),
      numeroInscripcion: z.number().int().nullable(),
      nombreCompleto: z.string().nullable(),
    }),
  ),
  resueltoPor: z.string(),
  resueltoPorNombre: z.string(),
  resueltoEn: z.string(),
});
export type TDuplicadoEliminado = z.infer<typeof ZDuplicadoEliminado>;

export const ZEliminarBody = z.strictObject({
  inscriptoId: z.uuid({ error: 'El identificador de la inscripción no es válido' }),
});
export type TEliminarBody = z.infer<typeof ZEliminarBody>;
export const ELIMINAR_LABELS = { inscriptoId: 'Inscripción' };

/**
 * GET /api/duplicados/resueltos: groups the rule still finds, kept as different children (who, when, note), and
 * the ones resolved by deleting a record (`eliminados`, newest first).
 */
export const ZResueltosList = z.object({
  items: z.array(
    z.object({
      par: ZGrupoDuplicado,
      resolucion: z.object({
        nota: z.string().nullable(),
        resueltoPor: z.string(),
        resueltoPorNombre: z.string(),
        resueltoEn: z.string(),
      }),
    }),
  ),
  eliminados: z.array(ZDuplicadoEliminado),
});
export type TResueltosList = z.infer<typeof ZResueltosList>;

export const ZParIdParams = z.strictObject({
  id: z
    .hex({ error: 'El identificador del par no es válido' })
    .length(32, { error: 'El identificador del par no es válido' }),
});
export const ZInscriptoIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });

export const ZResolverBody = z.strictObject({
  decision: z.literal('distintos', { error: 'La decisión debe ser "distintos"' }),
  nota: safeText('Nota').max(500, { error: 'La nota puede tener como máximo 500 caracteres' }).optional(),
});
export type TResolverBody = z.infer<typeof ZResolverBody>;
export const RESOLVER_LABELS = { decision: 'Decisión', nota: 'Nota' };

export const ZResolucion = z.object({
  id: z.string(),
  decision: z.literal('distintos'),
  nota: z.string().nullable(),
  resueltoPor: z.string(),
  resueltoPorNombre: z.string(),
  resueltoEn: z.string(),
});
export type TResolucion = z.infer<typeof ZResolucion>;
