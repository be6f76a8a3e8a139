import type { TEstadoPlaza } from './plazas-schema.ts';
import type { CAUSAS_CAMBIO } from './plazas-schema.ts';

export const ESTADO_LABELS: Record<TEstadoPlaza, string> = {
  ofrecida: 'Ofrecida',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
  vencida: 'Vencida',
};

export const CAUSA_LABELS: Record<(typeof CAUSAS_CAMBIO)[number], string> = {
  sorteo: 'Sorteo',
  corrimiento: 'Corrimiento de suplentes',
  respuesta: 'Respuesta registrada',
  plazo: 'Venció el plazo',
};

/** Texts of the places after the raffle: the server's messages and the screens' own. */
export const PLAZA_MSG = {
  ofertaNoEncontrada: 'La oferta no existe.',
  sinSorteo: 'El ciclo actual todavía no tiene un sorteo finalizado.',
  otroSorteo: 'La oferta es de un sorteo anterior: el ciclo actual tiene otro sorteo.',
  motivoRechazo: 'Para registrar un rechazo hay que escribir el motivo.',
  motivoCorreccion: 'Una corrección necesita un motivo.',
  yaRespondida: (estado: string) =>
    `La oferta ya tiene una respuesta registrada (${estado}). Para cambiarla, registrá una corrección con su motivo.`,
  ocupado: 'Otra persona registró una respuesta al mismo tiempo. Probá de nuevo.',
  plazasLibres: (n: number) => `Plazas libres: ${n}`,
  // The cycle selector (decision 0030).
  ciclo: 'Ciclo',
  opcionCiclo: (nombre: string, actual: boolean, abierta: boolean) =>
    `${nombre}${actual ? ' (actual)' : ''}${abierta ? ' · ofertas o suplentes abiertos' : ''}`,
  sigueAbierta: (nombre: string, actual: string) =>
    `${nombre} sigue con ofertas o suplentes abiertos aunque el ciclo actual es ${actual}: sus respuestas se registran acá.`,
  otroCiclo: (nombre: string, actual: string) => `Estás viendo ${nombre}; el ciclo actual es ${actual}.`,
  sinSorteoDe: (nombre: string) => `${nombre} todavía no tiene un sorteo finalizado.`,
  // An administrator's change of one offer's deadline.
  plazoPasado: 'El nuevo plazo tiene que ser posterior a este momento.',
  ofertaCerrada: 'La oferta ya no está abierta: tiene una respuesta o venció su plazo.',
  cambiarPlazo: 'Cambiar plazo',
  plazoCambiado: 'Plazo cambiado.',
  errorPlazo: 'No se pudo cambiar el plazo.',
  // The Plazas screen.
  registrada: 'Respuesta registrada.',
  // After an answer: what happened to the place, in one line the person on the phone reads out.
  respondio: (numero: string, respuesta: 'aceptada' | 'rechazada') =>
    `Respuesta registrada. N° ${numero} ${respuesta === 'aceptada' ? 'aceptó' : 'rechazó'} la plaza.`,
  pasoA: (quienes: string[], vence: string) =>
    `La plaza pasó a ${quienes.join(' y ')}, con plazo para confirmar hasta el ${vence}.`,
  quedoLibre: 'Ningún suplente en espera entra en esa plaza: quedó libre.',
  verOferta: 'Ver la oferta nueva',
  cerrarAviso: 'Cerrar el aviso',
  yaRegistrada: 'Esa respuesta ya estaba registrada.',
  errorRegistrar: 'No se pudo registrar la respuesta.',
  errorCargar: 'No se pudieron cargar las plazas.',
  errorDescargar: 'No se pudo descargar.',
  motivoFalta: 'Escribí el motivo.',
  // The public board: each offer's history and its verification from public data.
  historialOfertas: 'Historial de las ofertas',
  sinRespuesta: 'Sin respuesta todavía',
  terminada: (o: { estado: 'aceptada' | 'rechazada' | 'vencida'; causa: 'respuesta' | 'plazo' }) =>
    o.causa === 'plazo'
      ? 'Venció el plazo sin respuesta'
      : { aceptada: 'Aceptó', rechazada: 'Rechazó', vencida: 'Registrada como vencida' }[o.estado],
  verificar: 'Verificar las plazas',
  verificando: 'Repitiendo el corrimiento en este navegador...',
  verificadas: (s: { eventos: number; ofertas: number; corrimientos: number; segundos: string }) =>
    `Coincide: el acta pública y el registro público dan las mismas ${s.ofertas} ofertas ` +
    `(${s.corrimientos} por corrimiento) con ${s.eventos} respuestas; la cadena de hashes está íntegra (${s.segundos} s).`,
  noVerificadas: (error: string) => `No coincide: ${error}`,
  errorVerificar: 'No se pudo descargar el acta pública o el registro público',
  registroPublico: 'Registro público (JSON)',
};
