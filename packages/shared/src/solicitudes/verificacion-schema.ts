import { z } from '../zod-es.ts';
import { ZPreferenciasLeidas } from '../escuelas/preferencias.ts';
import { safeText } from '../text-rule.ts';
import { ZInscriptoUpdate } from '../inscriptos/api-schema.ts';
import { SOLICITUD_ESTADOS, ZDocumentoSubido } from './solicitud-schema.ts';

/**
 * Staff's side of the online application (docs/decisions/0038): the list of sent applications, one of them
 * with its documents, finalising it as an enrolment (with staff's corrections) or returning it with a note.
 */

/** The staff list's filter value for sent applications ("Solicitud en línea — a verificar"). */
export const FILTRO_SOLICITUDES = 'solicitud-en-linea';

export const ZSolicitudesListaQuery = z.strictObject({
  estado: z.enum(SOLICITUD_ESTADOS, { error: 'Estado: enviada, devuelta o finalizada' }).default('enviada'),
});

export const ZSolicitudResumen = z.object({
  id: z.string(),
  estado: z.enum(SOLICITUD_ESTADOS),
  /** The child's names as the family wrote them (empty when the family left them blank). */
  nombre: z.string(),
  ci: z.string().nullable(),
  enviadaEn: z.string().nullable(),
  documentos: z.number().int(),
  numeroInscripcion: z.number().int().nullable(),
});
export type TSolicitudResumen = z.infer<typeof ZSolicitudResumen>;

export const ZSolicitudesLista = z.object({ items: z.array(ZSolicitudResumen) });
export type TSolicitudesLista = z.infer<typeof ZSolicitudesLista>;

/** One application as staff verify it: the form, the contact and the documents' descriptions. */
export const ZSolicitudVerificacion = z.object({
  id: z.string(),
  estado: z.enum(SOLICITUD_ESTADOS),
  contacto: z.string(),
  datos: z.record(z.string(), z.unknown()),
  preferencias: ZPreferenciasLeidas,
  documentos: z.array(ZDocumentoSubido),
  version: z.number().int(),
  enviadaEn: z.string().nullable(),
  nota: z.string().nullable(),
  inscriptoId: z.string().nullable(),
  numeroInscripcion: z.number().int().nullable(),
});
export type TSolicitudVerificacion = z.infer<typeof ZSolicitudVerificacion>;

export const ZSolicitudDocumentoParams = z.strictObject({
  id: safeText('Identificador').max(64),
  doc: safeText('Documento').max(64),
});

/** Finalising: the whole form as staff corrected it (staff entry's body), with the application's version. */
export const ZSolicitudFinalizar = ZInscriptoUpdate;
export type TSolicitudFinalizar = z.infer<typeof ZSolicitudFinalizar>;

export const NOTA_MAX = 1000;

export const ZSolicitudDevolver = z.strictObject({
  version: z.number({ error: 'Falta la versión leída' }).int().min(1),
  nota: safeText('Nota', { error: 'Nota: escribí qué tiene que corregir la familia', multiline: true })
    .min(1, { error: 'Nota: escribí qué tiene que corregir la familia' })
    .max(NOTA_MAX, { error: `Nota: como máximo ${NOTA_MAX} caracteres` }),
});
export type TSolicitudDevolver = z.infer<typeof ZSolicitudDevolver>;

export const ZSolicitudFinalizada = z.object({
  inscriptoId: z.string(),
  numeroInscripcion: z.number().int(),
});
export type TSolicitudFinalizada = z.infer<typeof ZSolicitudFinalizada>;
