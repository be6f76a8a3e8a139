import { z } from '../zod-es.ts';
import { ZConsultaEstado } from './estado-schema.ts';

/*
 * A family answers its offer from /estado (docs/decisions/0023): the number and code of the constancia are the
 * credentials, the same ones that read the status; the answer enters the roll-up like one recorded by staff, and
 * the public register marks it `canal: "en_linea"`.
 */

/** `acepta-y-espera` (keep the place and wait for a school ranked higher) only in the network's assignment (0039). */
export const RESPUESTAS_FAMILIA = ['acepta', 'acepta-y-espera', 'rechaza'] as const;

export const ZRespuestaFamilia = ZConsultaEstado.extend({
  respuesta: z.enum(RESPUESTAS_FAMILIA, { error: 'Respuesta: elegí «acepta», «acepta-y-espera» o «rechaza»' }),
});
export type TRespuestaFamilia = z.infer<typeof ZRespuestaFamilia>;

/** The receipt: the register's entry that records the answer, which anyone can find in the public register. */
export const ZComprobanteRespuesta = z.object({
  numeroInscripcion: z.number().int(),
  respuesta: z.enum(RESPUESTAS_FAMILIA),
  en: z.string(),
  entrada: z.object({ n: z.number().int().positive(), hash: z.string() }),
});
export type TComprobanteRespuesta = z.infer<typeof ZComprobanteRespuesta>;

export const RESPUESTA_FAMILIA_MSG = {
  aceptar: 'Aceptar la plaza',
  rechazar: 'Rechazar la plaza',
  confirmarAceptar: (iniciales: string) =>
    `¿Confirmás que aceptás la plaza para ${iniciales}? La escuela te va a indicar los pasos siguientes.`,
  confirmarRechazar: (iniciales: string) =>
    `¿Confirmás que rechazás la plaza para ${iniciales}? La plaza pasa al siguiente suplente y no se puede deshacer desde aquí.`,
  confirmar: 'Sí, confirmar',
  volver: 'Volver',
  enviando: 'Enviando...',
  comprobante: (respuesta: (typeof RESPUESTAS_FAMILIA)[number], fecha: string, n: number) =>
    respuesta === 'acepta-y-espera'
      ? `Aceptaste la plaza el ${fecha} y seguís esperando en las escuelas que pusiste antes. Comprobante: entrada N° ${n} del registro público de la asignación.`
      : `${respuesta === 'acepta' ? 'Aceptaste' : 'Rechazaste'} la plaza el ${fecha}. Comprobante: entrada N° ${n} del registro público de plazas.`,
  soloEnRed:
    'Aceptar y seguir esperando solo vale cuando la red asigna las plazas de todas sus escuelas. Elegí aceptar o rechazar.',
  comprobanteHash: 'Huella de la entrada:',
  sinOferta: 'Esta inscripción no tiene una plaza ofrecida esperando respuesta.',
  vencida: 'El plazo para responder ya venció. Comunicate con la escuela.',
  error: 'No se pudo registrar la respuesta. Revisá la conexión y probá de nuevo.',
} as const;
