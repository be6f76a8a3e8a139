import { z } from '../zod-es.ts';
import { paginacion } from '../paginacion.ts';
import { safeText } from '../text-rule.ts';
import { ZInscriptoData } from './inscripto-schema.ts';
import { ZCicloQuery, ZCicloRef } from '../ciclos/ciclo-schema.ts';
import { INSCRIPTO_MSG } from './messages.ts';
import { isIsoDate } from './dates.ts';
import { ZSegmentoQuery } from './segmento.ts';
import { ZPreferencias, ZPreferenciasLeidas } from '../escuelas/preferencias.ts';

/**
 * Shapes of the enrolment API (SPEC 7). Records travel flat: the form fields (server names, SPEC 3)
 * beside the system fields. The form fields are validated by ZInscriptoData.
 */
export const ESTADOS = ['pendiente', 'finalizado'] as const;
export type Estado = (typeof ESTADOS)[number];

/** System fields a client may send back as it read them: accepted and ignored (the server owns them). */
const ignoredSystemFields = {
  _id: z.unknown().optional(),
  numeroInscripcion: z.unknown().optional(),
  estado: z.unknown().optional(),
  fechaInscripcion: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  ciclo: z.unknown().optional(),
  condicional: z.unknown().optional(),
  estrato: z.unknown().optional(),
  camposReservados: z.unknown().optional(),
  anonimizadoEn: z.unknown().optional(),
  consentimientoAvisos: z.unknown().optional(),
  fueraDelSorteoEnCurso: z.unknown().optional(),
};

const ZFuncionario = safeText('Inscripción realizada por', { error: 'El funcionario debe ser un nombre de usuario' })
  .toLowerCase()
  .max(50, { error: 'El funcionario debe ser un nombre de usuario' });

/** POST /api/inscriptos. A client-chosen `id` makes the create idempotent. */
export const ZInscriptoCreate = ZInscriptoData.extend({
  ...ignoredSystemFields,
  id: z.uuid({ error: 'El identificador debe ser un UUID' }).optional(),
  version: z.unknown().optional(),
  funcionario: ZFuncionario.optional(),
  /** The network's assignment: school codes, first choice first (absent: unchanged; null or []: none). */
  preferencias: ZPreferencias,
});
export type TInscriptoCreate = z.infer<typeof ZInscriptoCreate>;

/** PUT /api/inscriptos/{id} and POST /api/inscriptos/{id}/finalizar: the version last read is required. */
export const ZInscriptoUpdate = ZInscriptoData.extend({
  ...ignoredSystemFields,
  id: z.unknown().optional(),
  version: z.number({ error: INSCRIPTO_MSG.versionRequired }).int().min(1),
  funcionario: ZFuncionario.optional(),
  preferencias: ZPreferencias,
});
export type TInscriptoUpdate = z.infer<typeof ZInscriptoUpdate>;

const ZBoolParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Debe ser true o false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Sort keys of the list (docs/decisions/0019); without `orden`, newest first. */
export const ORDENES = ['numero', 'nombre', 'fecha', 'estado'] as const;
export type Orden = (typeof ORDENES)[number];
export const DIRECCIONES = ['asc', 'desc'] as const;
export type Direccion = (typeof DIRECCIONES)[number];

/** A day of the enrolment date filter, YYYY-MM-DD in Montevideo time. */
const ZDia = (label: string) =>
  safeText(label)
    .refine(isIsoDate, { error: `${label}: debe ser una fecha real con el formato AAAA-MM-DD` })
    .optional();

export const ZInscriptoListQuery = z
  .strictObject({
    ciclo: ZCicloQuery,
    q: safeText('Búsqueda').max(100, { error: 'La búsqueda puede tener como máximo 100 caracteres' }).optional(),
    estado: z.enum(ESTADOS, { error: 'El estado debe ser pendiente o finalizado' }).optional(),
    mias: ZBoolParam,
    /** A segment of the director's panel: a click on a chart opens the list filtered the same way. */
    ...ZSegmentoQuery,
    ...paginacion(10),
    orden: z
      .enum(ORDENES, { error: 'El orden debe ser numero, nombre, fecha o estado' })
      .optional()
      .describe('Columna de orden; sin ella, las más recientes primero'),
    dir: z
      .enum(DIRECCIONES, { error: 'La dirección debe ser asc o desc' })
      .optional()
      .describe('Dirección del orden (asc por defecto al elegir una columna)'),
    desde: ZDia('Desde').describe('Fecha de inscripción desde (AAAA-MM-DD, inclusive, hora de Montevideo)'),
    hasta: ZDia('Hasta').describe('Fecha de inscripción hasta (AAAA-MM-DD, inclusive, hora de Montevideo)'),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    error: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
    path: ['hasta'],
  });
export type TInscriptoListQuery = z.infer<typeof ZInscriptoListQuery>;

/** Most records an export of selected rows takes (`ids`): a screenful of pages, not the whole cycle. */
export const MAX_SELECCION = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SELECCION_MSG = `La selección debe ser de 1 a ${MAX_SELECCION} identificadores separados por comas`;

/** `ids` of the bulk exports: the selected rows only, comma-separated (docs/decisions/0019). */
export const ZSeleccionIds = safeText('Selección')
  .max(MAX_SELECCION * 37, { error: SELECCION_MSG })
  .transform((v) => [...new Set(v.split(',').map((id) => id.trim().toLowerCase()))].filter(Boolean))
  .refine((ids) => ids.length >= 1 && ids.length <= MAX_SELECCION && ids.every((id) => UUID.test(id)), {
    error: SELECCION_MSG,
  })
  .optional()
  .describe('Sólo estas inscripciones (identificadores separados por comas): exportar o imprimir la selección');

/** A stored enrolment as the API returns it. Loose: records written under older rules still read. */
export const ZInscripto = z.looseObject({
  id: z.string(),
  /** The admission cycle it belongs to (docs/decisions/0014); records cached before cycles lack it. */
  ciclo: ZCicloRef.optional(),
  numeroInscripcion: z.number().int().nullable(),
  estado: z.enum(ESTADOS),
  fechaInscripcion: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ username: z.string() }),
  updatedBy: z.string(),
  funcionario: z.string().nullable(),
  version: z.number().int(),
  /** Derived from income and benefits: absent, and named in camposReservados, when those are withheld. */
  condicional: z.boolean().optional(),
  estrato: z.enum(['BAJO', 'NORMAL']).optional(),
  /** When its personal data was removed at the end of the retention period (docs/privacy.md). */
  anonimizadoEn: z.string().optional(),
  /** Reads name the fields withheld from this reader (reserved-fields.ts); they are absent from the record. */
  camposReservados: z.array(z.string()).optional(),
  /** When and by whom the answer to the consent to messages was last recorded (Ley 18.331). */
  consentimientoAvisos: z.object({ en: z.string(), por: z.string() }).optional(),
  /** A finalisation's answer: its cycle's raffle had already frozen its list, so it is not in that raffle. */
  fueraDelSorteoEnCurso: z.literal(true).optional(),
  /** The schools ranked for the network's assignment, first choice first; null when none. */
  preferencias: ZPreferenciasLeidas.optional(),
});
export type TInscripto = z.infer<typeof ZInscripto> & z.infer<typeof ZInscriptoData>;

/** Why a search found a record through a sibling enrolling with it, not through the child itself (0019). */
export const ZCoincidencia = z.object({
  tipo: z.literal('hermano'),
  nombre: z.string(),
  ci: z.string().nullable(),
});
export type TCoincidencia = z.infer<typeof ZCoincidencia>;

export const ZInscriptoList = z.object({
  items: z.array(ZInscripto.extend({ coincidencia: ZCoincidencia.optional() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  resumen: z.object({ total: z.number().int(), pendientes: z.number().int(), finalizados: z.number().int() }),
  /** The cycle listed: the one asked for, or the current one. */
  ciclo: ZCicloRef,
});
export type TInscriptoList = z.infer<typeof ZInscriptoList>;

export const ZInscriptoIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });

export const ZCiCheckQuery = z.strictObject({
  ci: safeText('Cédula', { error: 'Falta la cédula (ci)' }).min(1, { error: 'Falta la cédula (ci)' }).max(20),
  excluir: z.uuid({ error: 'El identificador a excluir no es válido' }).optional(),
});

export const ZCiCheckResponse = z.object({
  duplicado: z.boolean(),
  /** Who already has this CI: enough for the form's message, nothing more. */
  inscripto: z.object({ id: z.string(), nombre1: z.string(), apellido1: z.string() }).nullable(),
  mensaje: z.string().nullable(),
  /** The same child in earlier cycles, as information ("Ya se inscribió en Ingresos 2026 (N° 12)"). */
  anteriores: z.array(
    z.object({ ciclo: z.string(), numeroInscripcion: z.number().int().nullable(), mensaje: z.string() }),
  ),
});
export type TCiCheckResponse = z.infer<typeof ZCiCheckResponse>;

/** GET /api/inscriptos/funcionarios: the officials an administrator may choose (active, never the guest). */
export const ZFuncionarioList = z.array(z.object({ username: z.string(), nombre: z.string() }));
export type TFuncionarioList = z.infer<typeof ZFuncionarioList>;

export const ZAuditEntry = z.object({
  seq: z.number().int(),
  fecha: z.string(),
  usuario: z.string(),
  accion: z.enum(['crear', 'editar', 'finalizar', 'eliminar', 'anonimizar']),
  cambios: z.record(z.string(), z.object({ antes: z.unknown().optional(), despues: z.unknown().optional() })),
});
export const ZAuditList = z.array(ZAuditEntry);
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
