import { MotorPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import type { TEstadoPlazas, TEventoPlaza, TPublicacion } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { AppContext } from '../context.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import {
  eventosDe,
  publicacionAhora,
  temporadaActual,
  temporadaDelCiclo,
  type PlazasRuntime,
  type TemporadaLeida,
  type Temporada,
} from './temporada.ts';

/**
 * Reading the season: every GET (staff, the public board and register, the families' status page, the panel)
 * reads it here, and a read never stores anything (docs/decisions/0032). Expiries and the offers they cause are
 * stored by the explicit advance (temporada-avance.ts), run by the background job within a minute of a deadline
 * and by every answer; until then a read shows the season just before that deadline, so what it shows always has
 * its stored offers (ids) and never an offer that was not stored.
 */

/** The season of the current cycle as stored, or null without a finished raffle. */
export async function leerTemporadaActual(ctx: AppContext, rt: PlazasRuntime): Promise<TemporadaLeida | null> {
  const t = await temporadaActual(ctx, rt);
  return t && leerTemporada(ctx, t);
}

/** The same for any cycle (the director's panel reads the one it shows). */
export async function leerTemporadaDe(
  ctx: AppContext,
  rt: PlazasRuntime,
  cicloId: string,
): Promise<TemporadaLeida | null> {
  const t = await temporadaDelCiclo(ctx, rt, cicloId);
  return t && leerTemporada(ctx, t);
}

async function leerTemporada(ctx: AppContext, t: Temporada): Promise<TemporadaLeida> {
  const [eventos, ofertas, publicacion, fila] = await Promise.all([
    repo.listEventos(ctx.db, t.pub.id),
    repo.listOfertas(ctx.db, t.pub.id),
    publicacionAhora(ctx.db, t),
    repo.findTemporada(ctx.db, t.pub.id),
  ]);
  const estado = estadoLeido(publicacion, eventosDe(eventos), fila?.avanzada_hasta ?? null, ctx.clock().toISOString());
  return { temporada: t, publicacion, eventos, ofertas, estado };
}

/**
 * The state a read shows at `ahora`: the log replayed to the season's advanced-to time, then on to `ahora`, but
 * never over a deadline the advance has not passed yet (it stops a millisecond before it).
 */
function estadoLeido(
  publicacion: TPublicacion,
  eventos: readonly TEventoPlaza[],
  avanzadaHasta: string | null,
  ahora: string,
): TEstadoPlazas {
  const motor = estadoEn(publicacion, eventos, avanzadaHasta);
  const proximo = motor.proximoVencimiento();
  motor.avanzar(proximo !== null && proximo <= ahora ? new Date(Date.parse(proximo) - 1).toISOString() : ahora);
  return motor.estado();
}

/** The roll-up of the log, advanced to `hasta` (or left at the last entry when null). */
export function estadoEn(
  publicacion: TPublicacion,
  eventos: readonly TEventoPlaza[],
  hasta: string | null,
): MotorPlazas {
  const motor = new MotorPlazas(publicacion);
  for (const e of eventos) motor.aplicar(e);
  if (hasta !== null) motor.avanzar(hasta);
  return motor;
}
