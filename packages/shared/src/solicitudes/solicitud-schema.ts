import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { destinoValido, normalizarDestino, type AvisoCanal } from '../avisos/destino.ts';
import { ZInscriptoData } from '../inscriptos/inscripto-schema.ts';
import { ZPreferencias, ZPreferenciasLeidas } from '../escuelas/preferencias.ts';
import { DOCUMENTO_CLASES, DOCUMENTO_TIPOS_ARCHIVO } from './documentos.ts';

/**
 * The families' online application (docs/decisions/0035): a draft of the same form as staff entry
 * (ZInscriptoData, its rules and messages), behind the application's id and a code only the family holds.
 */

/** The header that carries the application's code on every request after its creation. */
export const SOLICITUD_CODIGO_HEADER = 'x-codigo-solicitud';

/** The multipart fields of an upload: the document's kind first, then the file. */
export const DOCUMENTO_CAMPO_CLASE = 'clase';
export const DOCUMENTO_CAMPO_ARCHIVO = 'archivo';

export const CONTACTO_MSG = {
  requerido: 'Contacto: escribí un correo electrónico o un número de teléfono',
  invalido:
    'Contacto: no parece un correo electrónico (nombre@dominio.uy) ni un teléfono (099 123 456). Revisalo y probá de nuevo.',
} as const;

/** E-mail when it has an @, phone otherwise. */
export const canalDeContacto = (valor: string): AvisoCanal => (valor.includes('@') ? 'email' : 'telefono');

export const ZSolicitudCrear = z.strictObject({
  contacto: safeText('Contacto', { error: CONTACTO_MSG.requerido })
    .min(1, { error: CONTACTO_MSG.requerido })
    .max(254, { error: 'Contacto: como máximo 254 caracteres' })
    .refine((v) => destinoValido(canalDeContacto(v), normalizarDestino(canalDeContacto(v), v)), {
      error: CONTACTO_MSG.invalido,
    }),
});
export type TSolicitudCrear = z.infer<typeof ZSolicitudCrear>;

export const ZSolicitudCreada = z.object({ id: z.uuid(), codigo: z.string() });
export type TSolicitudCreada = z.infer<typeof ZSolicitudCreada>;

/** Any id shape: one that names no application is a 404 like a wrong code, never a 400 that tells them apart. */
export const ZSolicitudIdParams = z.strictObject({ id: safeText('Identificador').max(64) });

/**
 * A draft save: any part of the 11 sections, checked field by field as staff entry checks it, and the schools
 * the family ranks for the network's assignment.
 */
export const ZSolicitudGuardar = ZInscriptoData.extend({ preferencias: ZPreferencias });
export type TSolicitudGuardar = z.infer<typeof ZSolicitudGuardar>;

/**
 * borrador → enviada → finalizada (an enrolment) or devuelta (with the school's note; the family corrects it and
 * sends it again). docs/decisions/0035, 0038.
 */
export const SOLICITUD_ESTADOS = ['borrador', 'enviada', 'devuelta', 'finalizada'] as const;
export type TSolicitudEstado = (typeof SOLICITUD_ESTADOS)[number];

export const ZDocumentoSubido = z.object({
  id: z.string(),
  clase: z.enum(DOCUMENTO_CLASES),
  tipo: z.enum(DOCUMENTO_TIPOS_ARCHIVO),
  bytes: z.number().int(),
  subidoEn: z.string(),
});
export type TDocumentoSubido = z.infer<typeof ZDocumentoSubido>;

export const ZSolicitud = z.object({
  id: z.string(),
  estado: z.enum(SOLICITUD_ESTADOS),
  /** The contact as the family gave it (the family already holds it: it is shown back to them only). */
  contacto: z.string(),
  datos: z.record(z.string(), z.unknown()),
  /** The schools ranked for the network's assignment, first choice first; null when none. */
  preferencias: ZPreferenciasLeidas,
  documentos: z.array(ZDocumentoSubido),
  version: z.number().int(),
  /** A draft (or a returned one) not saved again by then is deleted with its documents. Null once sent. */
  venceEn: z.string().nullable(),
  enviadaEn: z.string().nullable(),
  /** The school's note when it returned the application. */
  nota: z.string().nullable(),
  /** Once finalised: the enrolment's number and the code to follow it on /estado. */
  numeroInscripcion: z.number().int().nullable(),
  codigoEstado: z.string().nullable(),
});
export type TSolicitud = z.infer<typeof ZSolicitud>;
