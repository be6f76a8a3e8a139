import type { TEscuelaEnRed, TEstadoEnRed } from '@inscripciones/shared/estado/estado-en-red.ts';
import type { AppContext } from '../../domain/context.ts';
import { modoDelAnio } from '../../domain/asignacion/modo-ciclo.ts';
import { leerAsignacion, numeroEnLaRed } from '../../domain/asignacion/corrimiento-red.ts';

/**
 * A school's enrolment number in the network's assignment of its year (docs/decisions/0039), as its family
 * reads it on /estado: null in a year of separate school raffles, before the assignment, or when the number
 * ranked no school. The roll-up is replayed at the time of the request, so a place freed a moment ago shows.
 */
export async function estadoEnRed(
  ctx: AppContext,
  anio: number,
  numeroInscripcion: number,
): Promise<TEstadoEnRed | null> {
  if ((await modoDelAnio(ctx.red.db, anio)) !== 'red') return null;
  const leida = await leerAsignacion(ctx.red.db, anio);
  const numero = leida && numeroEnLaRed(leida, ctx.escuela.codigo, numeroInscripcion);
  if (!leida || !numero) return null;
  const ahora = ctx.clock().toISOString();
  const actual = leida.motor.estado(ahora).postulaciones.find((p) => p.numero === numero);
  if (!actual) return null;
  const escuelas = ctx.red.escuelas();
  const escuela = (codigo: string): TEscuelaEnRed => ({
    codigo,
    nombre: escuelas.find((e) => e.codigo === codigo)?.nombre ?? codigo,
  });
  return {
    escuela: actual.escuela === null ? null : escuela(actual.escuela),
    estado: actual.estado,
    vence: actual.estado === 'pendiente' ? actual.vence : null,
    espera: actual.espera.map((e) => ({ escuela: escuela(e.escuela), posiciones: e.posiciones })),
  };
}
