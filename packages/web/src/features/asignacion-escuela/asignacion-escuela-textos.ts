import type { TRespuestaRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { ESTADO_RED_MSG } from '@inscripciones/shared/estado/estado-en-red.ts';
import { RESPUESTA_FAMILIA_MSG } from '@inscripciones/shared/estado/respuesta-familia.ts';

/** A school's staff on the network's assignment: their school's lines and the families' answers at the desk. */
export const ASIGNACION_ESCUELA_TEXTOS = {
  titulo: 'Asignación de la red',
  menu: 'Asignación de la red',
  intro:
    'Las postulaciones de la asignación de la red que tocan a esta escuela: las inscriptas acá, las que tienen ' +
    'plaza acá y las que esperan lugar acá. La familia puede responder en cualquier escuela de la red.',
  soloLectura: 'Tu cuenta puede ver la asignación, pero no registrar respuestas.',
  sinAsignacion: 'Todavía no hay una asignación de la red.',
  cargando: 'Cargando la asignación...',
  errorCarga: 'No se pudo cargar la asignación.',
  reintentar: 'Reintentar',
  asignadaEl: (anio: number, fecha: string) => `Ingreso ${anio}. Plazas asignadas el ${fecha}.`,
  buscar: 'Buscar por número',
  buscarAyuda: 'El número de la postulación en la red o el de inscripción en esta escuela.',
  contador: (n: number, total: number) => (n === total ? `${total} postulaciones.` : `${n} de ${total} postulaciones.`),
  ninguna: 'Ninguna postulación con ese número.',
  caption: 'Postulaciones de la asignación de la red en esta escuela',
  numero: 'N°',
  ninos: 'Niños',
  inscripta: 'Inscripción',
  plaza: 'Plaza ahora',
  estado: 'Estado',
  espera: 'Lista de espera',
  acciones: 'Respuesta de la familia',
  sinPlaza: 'Sin plaza',
  sinEspera: '—',
  inscripcionEn: (escuela: string, numero: number | null) => (numero === null ? escuela : `${escuela}, N° ${numero}`),
  estadoTexto: ESTADO_RED_MSG.estado,
  lugar: ESTADO_RED_MSG.lugar,
  boton: {
    acepta: RESPUESTA_FAMILIA_MSG.aceptar,
    'acepta-y-espera': ESTADO_RED_MSG.aceptarYEsperar,
    rechaza: RESPUESTA_FAMILIA_MSG.rechazar,
  } satisfies Record<TRespuestaRed, string>,
  deLinea: (numero: number) => ` de N° ${numero}`,
  confirmarTitulo: 'Registrar la respuesta de la familia',
  confirmar: {
    acepta: (iniciales: string, escuela: string) =>
      `¿Confirmás que la familia de ${iniciales} acepta la plaza en ${escuela}?`,
    'acepta-y-espera': (iniciales: string, escuela: string) =>
      `¿Confirmás que la familia de ${iniciales} acepta la plaza en ${escuela} y sigue esperando en las escuelas que puso antes? Si se libera un lugar en una de ellas, pasa a esa escuela y esta plaza se libera.`,
    rechaza: (iniciales: string, escuela: string) =>
      `¿Confirmás que la familia de ${iniciales} rechaza la plaza en ${escuela}? La plaza pasa a la familia siguiente y no se puede deshacer.`,
  } satisfies Record<TRespuestaRed, (iniciales: string, escuela: string) => string>,
  si: RESPUESTA_FAMILIA_MSG.confirmar,
  volver: RESPUESTA_FAMILIA_MSG.volver,
  registrada: (numero: number, iniciales: string, seq: number) =>
    `Se registró la respuesta de N° ${numero} (${iniciales}): entrada N° ${seq} del registro público de la asignación.`,
  error: 'No se pudo registrar la respuesta. Revisá la conexión y probá de nuevo.',
} as const;
