import { z } from '../zod-es.ts';
import { paginacion } from '../paginacion.ts';
import { safeText } from '../text-rule.ts';

/**
 * The access log (Ley 18.331; docs/privacy.md): who read which enrolment, exported what, or looked up a
 * status, when and from where. It names the record by id and the user by username, nothing else personal. A
 * list page or a search is one entry with how many records it showed, never what was searched.
 */
export const ACCESO_ACCIONES = ['ver', 'pdf', 'exportar', 'consultar-estado', 'informe', 'listar', 'buscar'] as const;
export type AccesoAccion = (typeof ACCESO_ACCIONES)[number];

/** How the "Accesos" screen names each action. */
export const ACCESO_ACCION_LABELS: Readonly<Record<AccesoAccion, string>> = {
  ver: 'Ver inscripción',
  pdf: 'PDF de una inscripción',
  exportar: 'Exportación',
  'consultar-estado': 'Consulta de estado',
  informe: 'Informe de datos personales',
  listar: 'Listado de inscripciones',
  buscar: 'Búsqueda de inscripciones',
};

const ZFecha = z.iso.date({ error: 'La fecha debe tener el formato AAAA-MM-DD' });

export const ZAccesosQuery = z.strictObject({
  usuario: safeText('Usuario').max(50, { error: 'El usuario puede tener como máximo 50 caracteres' }).optional(),
  inscriptoId: z.uuid({ error: 'El identificador de la inscripción no es válido' }).optional(),
  accion: z.enum(ACCESO_ACCIONES, { error: 'La acción no es válida' }).optional(),
  /** Days in Montevideo, both included. */
  desde: ZFecha.optional(),
  hasta: ZFecha.optional(),
  ...paginacion(20),
});
export type TAccesosQuery = z.infer<typeof ZAccesosQuery>;

export const ZAcceso = z.object({
  id: z.string(),
  fecha: z.string(),
  usuario: z.string(),
  accion: z.enum(ACCESO_ACCIONES),
  inscriptoId: z.string().nullable(),
  /** Which export (excel, pdf-all, pdf-zip, sql, sorteo-…), or the report's format (json, pdf). */
  detalle: z.string().nullable(),
  /** How many records an export held, or a list page or search showed. */
  cantidad: z.number().int().nullable(),
  ip: z.string(),
});
export type TAcceso = z.infer<typeof ZAcceso>;

export const ZAccesoList = z.object({
  /** Whose log this is (decision 0036): each school keeps its own, in its own database. */
  escuela: z.object({ codigo: z.string(), nombre: z.string() }),
  items: z.array(ZAcceso),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAccesoList = z.infer<typeof ZAccesoList>;
