import { z } from '../zod-es.ts';

/**
 * The personal-data report of one enrolment (Ley 18.331, art. 14; docs/privacy.md): every field held, its
 * change history, every access and every admission event, in plain Spanish. JSON and PDF carry the same.
 */
export const INFORME_FORMATOS = ['json', 'pdf'] as const;

export const ZInformeQuery = z.strictObject({
  formato: z.enum(INFORME_FORMATOS, { error: 'El formato debe ser json o pdf' }).optional(),
});

const ZCampo = z.object({ campo: z.string(), etiqueta: z.string(), valor: z.string() });

export const ZEventoAdmision = z.object({
  fecha: z.string(),
  /** 'sorteo' now; the offers of places add 'plaza'. */
  tipo: z.string(),
  descripcion: z.string(),
});
export type TEventoAdmision = z.infer<typeof ZEventoAdmision>;

export const ZInformeDatos = z.object({
  titulo: z.string(),
  generadoEn: z.string(),
  generadoPor: z.string(),
  /** Why these data are held and who may see them, in one paragraph. */
  finalidad: z.string(),
  inscripto: z.object({
    id: z.string(),
    nombre: z.string(),
    numeroInscripcion: z.number().int().nullable(),
    ciclo: z.string(),
    anonimizadoEn: z.string().nullable(),
  }),
  /** The record's own data: number, state, dates, who entered it, and what the server derives. */
  registro: z.array(ZCampo),
  /** Every form field with a value, by section, as the form names it. */
  secciones: z.array(z.object({ numero: z.number().int(), titulo: z.string(), campos: z.array(ZCampo) })),
  historial: z.array(
    z.object({
      fecha: z.string(),
      usuario: z.string(),
      accion: z.string(),
      descripcion: z.string(),
      campos: z.array(z.string()),
    }),
  ),
  accesos: z.array(
    z.object({
      fecha: z.string(),
      usuario: z.string(),
      accion: z.string(),
      descripcion: z.string(),
      ip: z.string(),
    }),
  ),
  eventos: z.array(ZEventoAdmision),
});
export type TInformeDatos = z.infer<typeof ZInformeDatos>;
