import { z } from '../zod-es.ts';
import { fechaHoraLarga } from '../montevideo-time.ts';

/*
 * A family's place in the network's assignment (docs/decisions/0039), as the status page shows it: the school it
 * holds now (or none), whether it still has to answer and until when, and its place on the waitlist of every
 * school it ranked higher. Schools by code and name only; never another family's data.
 */

export const ZEscuelaEnRed = z.object({ codigo: z.string(), nombre: z.string() });
export type TEscuelaEnRed = z.infer<typeof ZEscuelaEnRed>;

export const ZEstadoEnRed = z.object({
  escuela: ZEscuelaEnRed.nullable(),
  /** pendiente: a place offered, to answer before `vence`; espera: no place, waiting at every school ranked. */
  estado: z.enum(['pendiente', 'acepta', 'acepta-y-espera', 'espera', 'rechaza', 'vence']),
  vence: z.string().nullable(),
  /** One place per child (in the order of the children), at each school ranked above the one held. */
  espera: z.array(z.object({ escuela: ZEscuelaEnRed, posiciones: z.array(z.number().int().positive()) })),
});
export type TEstadoEnRed = z.infer<typeof ZEstadoEnRed>;

/** The answers the family can give now: SAE's three while an offer waits; once waiting, accept or decline. */
export function respuestasPosibles(red: TEstadoEnRed): ('acepta' | 'acepta-y-espera' | 'rechaza')[] {
  if (red.estado === 'pendiente')
    return red.espera.length ? ['acepta', 'acepta-y-espera', 'rechaza'] : ['acepta', 'rechaza'];
  if (red.estado === 'acepta-y-espera') return ['acepta', 'rechaza'];
  return [];
}

const lugares = (red: TEstadoEnRed) =>
  red.espera.map((e) => `${e.escuela.nombre} (lugar ${e.posiciones.join(' y ')})`).join(', ');

export const ESTADO_RED_MSG = {
  resultado: 'Resultado de la asignación',
  titulo: 'Asignación de la red de escuelas',
  asignada: (escuela: string) => `Tiene una plaza en ${escuela}.`,
  sinPlaza: 'Por ahora no tiene plaza en ninguna de las escuelas que eligió.',
  estado: {
    pendiente: (vence: string) => `La familia tiene que responder antes del ${vence}.`,
    acepta: 'La familia aceptó la plaza. ¡Bienvenidos!',
    'acepta-y-espera': 'La familia aceptó la plaza y sigue esperando en las escuelas que puso antes.',
    espera: 'Está en lista de espera.',
    rechaza: 'La familia rechazó la plaza.',
    vence: 'El plazo para responder venció sin respuesta.',
  },
  espera: 'En lista de espera en:',
  lugar: (escuela: string, posiciones: number[]) => `${escuela}: lugar ${posiciones.join(' y ')}`,
  aceptarYEsperar: 'Aceptar y seguir esperando',
  confirmarAceptarYEsperar: (iniciales: string) =>
    `¿Confirmás que aceptás la plaza para ${iniciales} y seguís esperando en las escuelas que pusiste antes? Si se libera un lugar en una de ellas, pasás a esa escuela y esta plaza se libera.`,
} as const;

/** What the family has to do next about its place in the network (see siguiente.ts for the school's raffle). */
export function siguienteEnRed(red: TEstadoEnRed, consulta: string) {
  if (red.estado === 'pendiente' && red.escuela && red.vence) {
    return {
      accion: `Respondé la plaza en ${red.escuela.nombre} antes del ${fechaHoraLarga(new Date(red.vence))}.`,
      antesDe: red.vence,
      como: red.espera.length
        ? 'Elegí aquí abajo: aceptarla, aceptarla y seguir esperando en las escuelas que pusiste antes, o rechazarla. También podés responder en cualquier escuela de la red. Si no respondés a tiempo, la plaza pasa a la familia siguiente.'
        : 'Elegí aquí abajo: aceptarla o rechazarla. También podés responder en cualquier escuela de la red. Si no respondés a tiempo, la plaza pasa a la familia siguiente.',
    };
  }
  if (red.estado === 'acepta-y-espera' || red.estado === 'espera') {
    return {
      accion:
        red.estado === 'espera'
          ? `Por ahora no tenés que hacer nada: estás en espera en ${lugares(red)}. Si se libera un lugar, en esta página vas a ver hasta cuándo responder.`
          : `Tenés la plaza en ${red.escuela?.nombre ?? ''} y seguís esperando en ${lugares(red)}: si se libera un lugar allí, pasás automáticamente a esa escuela y esta plaza se libera.`,
      antesDe: null,
      como: consulta,
    };
  }
  if (red.estado === 'acepta') {
    return {
      accion: 'La plaza está confirmada: no tenés que hacer nada más por ahora.',
      antesDe: null,
      como: consulta,
    };
  }
  return null;
}
