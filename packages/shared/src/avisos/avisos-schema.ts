import { z } from '../zod-es.ts';
import { paginacion } from '../paginacion.ts';
import { safeText } from '../text-rule.ts';
import { AVISO_CANALES } from './destino.ts';

/**
 * Messages to the families (docs/decisions/0029): what each one is, the states of its delivery, and the shapes
 * of the staff's and the families' endpoints.
 */

/**
 * What a message is about. The first three are what a family needs to keep its place (an offer, its reminder,
 * its expiry): they are sent even to an address that opted out. The rest are informational.
 */
export const AVISO_TIPOS = [
  'oferta',
  'recordatorio',
  'vencimiento',
  'inscripcion',
  'sorteo',
  'corrimiento',
  'aceptada',
] as const;
export type AvisoTipo = (typeof AVISO_TIPOS)[number];
export const AVISO_TIPOS_REQUERIDOS: readonly AvisoTipo[] = ['oferta', 'recordatorio', 'vencimiento'];
export const esInformativo = (tipo: AvisoTipo): boolean => !AVISO_TIPOS_REQUERIDOS.includes(tipo);

export const AVISO_TIPO_LABELS: Readonly<Record<AvisoTipo, string>> = {
  oferta: 'Oferta de plaza',
  recordatorio: 'Recordatorio de la oferta',
  vencimiento: 'Vencimiento de la oferta',
  inscripcion: 'Inscripción finalizada',
  sorteo: 'Resultado del sorteo',
  corrimiento: 'Avance en la lista de suplentes',
  aceptada: 'Lugar confirmado',
};

/**
 * pendiente: waiting for its turn (or for its next attempt); enviando: an instance holds it and is sending it;
 * enviado: the provider accepted it; fallido: refused for good, or out of attempts; descartado: not sent, on
 * purpose (the address opted out, or no channel is configured).
 */
export const AVISO_ESTADOS = ['pendiente', 'enviando', 'enviado', 'fallido', 'descartado'] as const;
export type AvisoEstado = (typeof AVISO_ESTADOS)[number];

/**
 * Why a message ended fallido or descartado. `sin-efecto`: a reminder scheduled for later whose offer was
 * answered first.
 */
export const AVISO_MOTIVOS = ['rechazado', 'agotado', 'baja', 'sin-canal', 'sin-efecto'] as const;
export type AvisoMotivo = (typeof AVISO_MOTIVOS)[number];

export const AVISO_ESTADO_LABELS: Readonly<Record<AvisoEstado, string>> = {
  pendiente: 'Pendiente',
  enviando: 'Enviándose',
  enviado: 'Enviado',
  fallido: 'Fallido',
  descartado: 'Descartado',
};

export const AVISO_MOTIVO_LABELS: Readonly<Record<AvisoMotivo, string>> = {
  rechazado: 'rechazado por el proveedor',
  agotado: 'sin más intentos',
  baja: 'descartado por baja',
  'sin-canal': 'sin canal configurado',
  'sin-efecto': 'ya no hacía falta (la oferta se respondió)',
};

export const AVISO_CANAL_LABELS = { email: 'Correo electrónico', telefono: 'Mensaje al teléfono' } as const;

export const ZAvisoIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });

/** One message as staff see it: never its text, and its destination masked. */
export const ZAviso = z.object({
  id: z.string(),
  tipo: z.enum(AVISO_TIPOS),
  canal: z.enum(AVISO_CANALES),
  /** enmascararDestino(): "an•••@correo.uy", "••• ••• 456". */
  destino: z.string(),
  asunto: z.string().nullable(),
  informativo: z.boolean(),
  estado: z.enum(AVISO_ESTADOS),
  motivo: z.enum(AVISO_MOTIVOS).nullable(),
  intentos: z.number().int(),
  /** What went wrong the last time, as a code (SMTP 451, HTTP 503, tiempo agotado): never a provider's text. */
  ultimoError: z.string().nullable(),
  creadoEn: z.string(),
  /** Pendiente: when it is tried next. */
  proximoIntento: z.string().nullable(),
  enviadoEn: z.string().nullable(),
  inscriptoId: z.string().nullable(),
  cicloId: z.string().nullable(),
  /** The message this one sends again (Reenviar). */
  reenvioDe: z.string().nullable(),
  /** The administrator who sent it again; null for messages the system wrote. */
  creadoPor: z.string().nullable(),
});
export type TAviso = z.infer<typeof ZAviso>;

export const ZAvisosDeInscripto = z.object({ items: z.array(ZAviso) });
export type TAvisosDeInscripto = z.infer<typeof ZAvisosDeInscripto>;

export const AVISOS_QUERY_LABELS = {
  estado: 'Estado',
  ciclo: 'Ciclo',
  page: 'Página',
  pageSize: 'Tamaño de página',
} as const;

/** The cycle-wide view (administrators): failures first of all, or any state. */
export const ZAvisosQuery = z.strictObject({
  estado: z.enum(AVISO_ESTADOS, { error: 'El estado no es válido' }).optional(),
  ciclo: z.uuid({ error: 'El ciclo no es válido' }).optional(),
  ...paginacion(20),
});
export type TAvisosQuery = z.infer<typeof ZAvisosQuery>;

export const ZAvisoList = z.object({
  items: z.array(ZAviso),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAvisoList = z.infer<typeof ZAvisoList>;

/** Which channels this server can send through (Configuración shows a notice when one is missing). */
export const ZAvisosCanales = z.object({ email: z.boolean(), telefono: z.boolean() });
export type TAvisosCanales = z.infer<typeof ZAvisosCanales>;

/** The link's token: a channel letter, the destination's keyed digest and a signature (decision 0029). */
export const BAJA_TOKEN = /^[et]\.[\w-]{22}\.[\w-]{16}$/;
const ZToken = safeText('Enlace', { error: 'Enlace: falta el código del enlace' }).max(100, {
  error: 'Enlace: el código es demasiado largo',
});
export const BAJA_LABELS = { t: 'Enlace' } as const;
export const ZBajaQuery = z.strictObject({ t: ZToken });
export const ZBajaBody = z.strictObject({ t: ZToken });
export type TBajaBody = z.infer<typeof ZBajaBody>;

/** What the opt-out page shows: the channel of the link, and whether it already opted out. */
export const ZBajaEstado = z.object({ canal: z.enum(AVISO_CANALES), dadoDeBaja: z.boolean() });
export type TBajaEstado = z.infer<typeof ZBajaEstado>;
