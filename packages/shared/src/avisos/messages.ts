import type { AvisoCanal } from './destino.ts';
import type { TAvisosCanales } from './avisos-schema.ts';

const EN: Record<AvisoCanal, string> = { email: 'en este correo', telefono: 'en este teléfono' };

/** Texts of the messages to the families: the staff's endpoints, Configuración and the opt-out page (0029). */
export const AVISO_MSG = {
  noEncontrado: 'No existe ese aviso.',
  enCurso: 'El aviso todavía no terminó de enviarse: esperá a que termine para reenviarlo.',
  /** Configuración, when a channel is not configured on the server. */
  sinCanales: (c: TAvisosCanales): string | null => {
    const faltan = [
      ...(c.email ? [] : ['SMTP_URL y MAIL_FROM (correo electrónico)']),
      ...(c.telefono ? [] : ['MENSAJES_WEBHOOK_URL (mensajes al teléfono)']),
    ];
    if (faltan.length === 0) return null;
    const que = c.email || c.telefono ? 'Algunos avisos no se envían' : 'Los avisos a las familias no se envían';
    return `${que}: falta configurar ${faltan.join(' y ')} en el servidor. Quedan registrados como descartados.`;
  },
  // The opt-out link at the end of every informational message.
  pieEmail: (url: string) => `Para dejar de recibir avisos informativos de la escuela: ${url}`,
  pieTelefono: (url: string) => `No recibir más avisos informativos: ${url}`,
  // The opt-out page (/avisos/baja), public.
  bajaTitulo: 'Avisos de la escuela',
  bajaIntro: (canal: AvisoCanal) =>
    `Recibís ${EN[canal]} avisos de la escuela sobre la inscripción: novedades del sorteo y del trámite, y los avisos para no perder el lugar.`,
  bajaAntes:
    'Podés dejar de recibir los informativos. Los necesarios para no perder el lugar (la oferta de una plaza, su recordatorio y su vencimiento) van a seguir llegando.',
  bajaBoton: 'Dejar de recibir avisos informativos',
  bajaProcesando: 'Procesando...',
  bajaConfirmada: (canal: AvisoCanal) => `Listo: no vas a recibir más avisos informativos ${EN[canal]}.`,
  bajaRequeridos:
    'Los avisos necesarios para no perder el lugar (la oferta de una plaza, su recordatorio y su vencimiento) te van a seguir llegando.',
  bajaCargando: 'Cargando...',
  bajaEnlaceInvalido:
    'El enlace para dejar de recibir avisos no es válido. Copialo completo del mensaje que recibiste, o consultá en la escuela.',
  bajaError: 'No se pudo completar el pedido. Revisá la conexión y probá de nuevo.',
  bajaDemasiadas: (minutos: number) =>
    `Hiciste demasiados pedidos. Esperá ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} y volvé a intentar.`,
} as const;
