import type { AppContext } from '../context.ts';
import { createRuntime } from './temporada.ts';
import { avanzarTemporada } from './temporada-avance.ts';
import { vencimientosDeLaRed } from '../asignacion/vencimientos-red.ts';

/**
 * Deadlines that run themselves (docs/decisions/0032): every instance, started by server.ts, advances the current
 * season every `intervaloMs`, so an offer past its deadline expires and its place is offered to the next suplente
 * within that time, without anybody opening a page. With several instances each one tries; the season's claim
 * (`reclamarAvance`, a conditional update of its advanced-to time) lets one of them store each advance, once. A
 * call with nothing due reads and writes nothing. The instance that holds the network's database also expires the
 * offers of the network's assignment (vencimientos-red.ts).
 */
export interface OpcionesVencimientos {
  intervaloMs: number;
}

const OPCIONES_VENCIMIENTOS: Readonly<OpcionesVencimientos> = { intervaloMs: 30_000 };

/** The log calls the job makes (pino's, as Fastify's logger has them). */
export interface VencimientosLog {
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface VencimientosWorker {
  /** Stops the timer and waits for an advance under way. */
  detener(): Promise<void>;
}

export function iniciarVencimientos(
  ctx: AppContext,
  log: VencimientosLog,
  opciones: Partial<OpcionesVencimientos> = {},
): VencimientosWorker {
  const o = { ...OPCIONES_VENCIMIENTOS, ...opciones };
  // Its own cache of the parsed season: the boards of every instance see the stored change on their next poll.
  const rt = createRuntime();
  const deLaRed = ctx.db === ctx.red.db ? vencimientosDeLaRed(ctx.red.db, ctx.clock) : null;
  let enCurso: Promise<void> | null = null;
  let activo = true;
  const avanzar = () => {
    if (enCurso || !activo) return;
    enCurso = avanzarTemporada(ctx, rt)
      .then((avance) => {
        if (avance?.cambios.length)
          log.debug({ cambios: avance.cambios.length, hasta: avance.hasta }, 'season advanced');
      })
      .catch((err: unknown) => log.error({ err }, 'could not advance the season of offers'))
      .then(() => deLaRed?.())
      .then((vencidas) => {
        if (vencidas) log.debug({ vencidas }, "network's offers expired");
      })
      .catch((err: unknown) => log.error({ err }, "could not expire the network's offers"))
      .finally(() => {
        enCurso = null;
      });
  };
  const timer = setInterval(avanzar, o.intervaloMs);
  timer.unref();
  avanzar();
  return {
    async detener() {
      activo = false;
      clearInterval(timer);
      await enCurso;
    },
  };
}
