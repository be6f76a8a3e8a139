import { cuenta } from '../plural.ts';
import type { TLista } from '../sorteo/schemas.ts';

const LISTA: Record<TLista, string> = { nenas: 'nenas', varones: 'varones' };

/** Texts of the families' status page and the constancia. */
export const ESTADO_MSG = {
  noEncontrada: 'No encontramos una inscripción con ese número y código. Revisá los dos datos e intentá de nuevo.',
  demasiadas: (minutos: number) =>
    `Hiciste demasiadas consultas. Esperá ${cuenta(minutos, 'minuto')} y volvé a intentar.`,
  sinNumero: 'La inscripción todavía no tiene número: finalizala para generar la constancia y el código.',
  sinClave: 'El código guardado no se puede leer con la clave actual del servidor: generá uno nuevo.',
  titulo: 'Estado de la inscripción',
  intro: 'Ingresá el número de inscripción y el código que figuran en la constancia.',
  consultar: 'Consultar',
  consultando: 'Consultando...',
  pendiente: 'Inscripción pendiente',
  pendienteTexto: 'A la inscripción le faltan datos. Acercate a la escuela para completar:',
  finalizada: 'Inscripción finalizada',
  participa: (fecha: string, hora: string, lugar: string) =>
    `Participa del sorteo del ${fecha} a las ${hora}, en ${lugar}.`,
  noParticipo: 'Esta inscripción no participó del sorteo.',
  titular: (lista: TLista, vence: string) =>
    `Tiene una plaza en la lista de ${LISTA[lista]}. La familia tiene que confirmarla antes del ${vence}.`,
  suplente: (lista: TLista, posicion: number) => `Suplente N° ${posicion} de la lista de ${LISTA[lista]}.`,
  pendientesDelante: (n: number) =>
    n === 0
      ? 'No hay ofertas de esa lista esperando respuesta.'
      : `Hay ${cuenta(n, 'oferta')} de esa lista esperando respuesta: si alguna se rechaza o vence, la lista avanza.`,
  aceptada: 'Plaza aceptada. ¡Bienvenidos!',
  rechazada: 'La familia rechazó la plaza.',
  vencida: 'La plaza ofrecida venció sin respuesta.',
  ninoNoParticipo: 'No participó del sorteo.',
  huella: 'Huella en la lista pública del sorteo:',
  huellaAyuda:
    'Buscala en la lista y el acta públicas del sorteo. Se calcula con el número y el código de la constancia: nadie sin el código puede saber de quién es.',
  huellaComprobada: 'Comprobado en este navegador: tu código da estas huellas y están en la lista pública del sorteo.',
  huellaNoCoincide:
    'Tu código actual no da estas huellas (¿la escuela te dio un código nuevo después del sorteo?). Las huellas de arriba son las de la lista pública.',
  constancia: 'Constancia',
  imprimirConstancia: 'Imprimir constancia',
  codigoEstado: 'Código para consultar el estado',
  regenerar: 'Generar un código nuevo',
  regenerarConfirmar: 'El código anterior dejará de funcionar y habrá que entregar una constancia nueva. ¿Continuar?',
  regenerado: 'Código nuevo generado: el anterior ya no funciona.',
} as const;
