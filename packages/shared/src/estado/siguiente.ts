import { fechaHoraLarga } from '../montevideo-time.ts';
import type { TEstadoFamilia } from './estado-schema.ts';
import { siguienteEnRed } from './estado-en-red.ts';

/**
 * What a family has to do next, from its status: one action, before when and how, in the words of the
 * status page. The school's phone and address come from Configuración; the deadline carries its year and hour.
 */

type Escuela = TEstadoFamilia['escuela'];
type Base = Omit<TEstadoFamilia, 'siguiente'>;

/** "A. B." or "A. B. y C. D.": the children it is about, by initials only. */
function quienes(iniciales: string[]): string {
  if (iniciales.length <= 1) return iniciales[0] ?? '';
  return `${iniciales.slice(0, -1).join(', ')} y ${iniciales.at(-1)}`;
}

const llamar = (e: Escuela) =>
  `Llamá a la escuela al ${e.telefono} o acercate a ${e.direccion}, en el horario de atención.`;

export function siguientePaso(estado: Base): TEstadoFamilia['siguiente'] {
  const e = estado.escuela;
  const consulta = `Por cualquier consulta o cambio de datos, llamá a la escuela al ${e.telefono}.`;
  const enRed = estado.red && siguienteEnRed(estado.red, consulta);
  if (enRed) return enRed;
  const titulares = estado.ninos.filter((n) => n.estado === 'titular' && n.vence);
  if (titulares.length) {
    const antesDe = titulares.map((n) => n.vence!).sort()[0]!;
    return {
      accion: `Confirmá la plaza de ${quienes(titulares.map((n) => n.iniciales))} antes del ${fechaHoraLarga(new Date(antesDe))}.`,
      antesDe,
      // The family may also answer on this page (POST /api/estado/respuesta, docs/decisions/0023).
      como: `Respondé aquí abajo, o l${llamar(e).slice(1)} Si no la confirmás a tiempo, la plaza pasa al siguiente suplente.`,
    };
  }
  if (estado.estado === 'pendiente') {
    return {
      accion: `Completá la inscripción en la escuela antes del sorteo (${estado.sorteo.fecha}).`,
      antesDe: null,
      como: llamar(e),
    };
  }
  if (estado.estado === 'finalizada') {
    return { accion: 'No tenés que hacer nada más hasta el sorteo.', antesDe: null, como: consulta };
  }
  const suplentes = estado.ninos.filter((n) => n.estado === 'suplente');
  if (suplentes.length) {
    return {
      accion: `Por ahora no tenés que hacer nada: si la lista llega a ${quienes(suplentes.map((n) => n.iniciales))}, la escuela te avisa y en esta página vas a ver hasta cuándo confirmar la plaza.`,
      antesDe: null,
      como: consulta,
    };
  }
  if (estado.ninos.length && estado.ninos.every((n) => n.estado === 'aceptada')) {
    return {
      accion: 'La plaza está confirmada: no tenés que hacer nada más por ahora.',
      antesDe: null,
      como: consulta,
    };
  }
  return { accion: 'Si tenés dudas sobre este resultado, consultá en la escuela.', antesDe: null, como: llamar(e) };
}
