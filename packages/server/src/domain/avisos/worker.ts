import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizarDestino } from '@inscripciones/shared/avisos/destino.ts';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  cerrarToma,
  renovarTomas,
  tomarAvisos,
  type AvisoRow,
  type Desenlace,
} from '../../data/avisos/avisos-repository.ts';
import { bajasEntre } from '../../data/avisos/bajas-repository.ts';
import type { Canales } from './canales.ts';
import { armarMensaje, type Remitente } from './mensaje.ts';
import { huellaDestino } from './baja-token.ts';
import { esperaReintento } from './espera.ts';
import { alEncolar } from './timbre.ts';

/**
 * The sender of the outbox (docs/decisions/0029), one per instance, started by server.ts. It takes due messages
 * under a lease (`tomaMs`, renewed every third of it while a message is being sent), sends at most
 * `concurrencia` at once and `porSegundo` each second, and records each outcome only while it still holds the lease. A message whose
 * instance died is taken again when the lease ends: that re-send (same Message-ID, same idempotency key) is the
 * only way a message goes out twice. It polls every `sondeoMs` and wakes when this process writes a message; in a
 * network of schools the network's one poll does both for every school's sender (red/sondeo-avisos.ts).
 * Logs carry message ids and states, never a destination or a text.
 */
export interface OpcionesWorker {
  concurrencia: number;
  /**
   * Messages handed to providers per second, at most, by this instance: under the providers' own limits, with
   * the event loop left to the requests, and bounding the copies a crash can leave (messages accepted and not
   * yet recorded at that instant are about this rate times the time an acceptance takes to be recorded).
   */
  porSegundo: number;
  tomaMs: number;
  /** 0: no poll of its own nor wake on writes; whoever started it calls sondear() (the network's poll). */
  sondeoMs: number;
  /** Attempts before a message that keeps failing is fallido (motivo agotado). */
  maxIntentos: number;
  esperaBaseMs: number;
  esperaMaxMs: number;
}

export const OPCIONES_WORKER: Readonly<OpcionesWorker> = {
  concurrencia: 8,
  porSegundo: 100,
  tomaMs: 30_000,
  sondeoMs: 1000,
  maxIntentos: 10,
  esperaBaseMs: 10_000,
  esperaMaxMs: 30 * 60_000,
};

/** The log calls the worker makes (pino's, as Fastify's logger has them). */
export interface WorkerLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DependenciasWorker {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  canales: Canales;
  remitente: Remitente;
  log: WorkerLog;
}

export interface AvisosWorker {
  /** This instance's name in `tomado_por`. */
  instancia: string;
  /** Looks for due messages now (and again shortly, for a transaction that commits a moment later). */
  despertar(): void;
  /** Looks for due messages now: the poll, when it is not its own. */
  sondear(): void;
  /** Stops taking messages, waits for the ones being sent, and closes the channels. */
  detener(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function iniciarWorker(deps: DependenciasWorker, opciones: Partial<OpcionesWorker> = {}): AvisosWorker {
  const o: OpcionesWorker = { ...OPCIONES_WORKER, ...opciones };
  const { db, log } = deps;
  const instancia = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const enVuelo = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let activo = true;
  let tomando = false;
  let otraVez = false;
  /** When (performance.now()) the next message may be handed to a provider: sends are spaced 1/porSegundo. */
  let siguienteEnvio = 0;
  const turnoDeEnvio = () => {
    const ahora = performance.now();
    const turno = Math.max(ahora, siguienteEnvio);
    siguienteEnvio = turno + 1000 / o.porSegundo;
    return turno > ahora ? new Promise((r) => setTimeout(r, turno - ahora)) : undefined;
  };
  const lote = Math.max(1, Math.floor(o.concurrencia / 2));

  async function cerrar(fila: AvisoRow, d: Desenlace) {
    if (!(await cerrarToma(db, fila.id, instancia, d))) {
      log.warn({ avisoId: fila.id }, 'message lease ended before its outcome was recorded');
    } else if (d.estado === 'enviado') {
      log.debug({ avisoId: fila.id, intentos: fila.intentos }, 'message sent');
    } else {
      const error = 'ultimo_error' in d ? d.ultimo_error : null;
      const motivo = 'motivo' in d ? d.motivo : null;
      log.info({ avisoId: fila.id, estado: d.estado, motivo, error, intentos: fila.intentos }, 'message not sent');
    }
  }

  /** A claimed message, its destination's digest, and whether that destination opted out. */
  interface Tomado {
    fila: AvisoRow;
    huella: string;
    dadoDeBaja: boolean;
  }

  /** The digests of a claimed batch, and which opted out: one query for the batch. */
  async function conBajas(filas: AvisoRow[]): Promise<Tomado[]> {
    const { claves } = deps.remitente;
    const tomados = filas.map((fila) => ({
      fila,
      huella: huellaDestino(claves, fila.canal, normalizarDestino(fila.canal, fila.destino)),
    }));
    const bajas = await bajasEntre(
      db,
      tomados.filter((t) => t.fila.informativo === 1).map((t) => ({ canal: t.fila.canal, huella: t.huella })),
    );
    return tomados.map((t) => ({ ...t, dadoDeBaja: bajas.has(`${t.fila.canal}:${t.huella}`) }));
  }

  async function enviar({ fila, huella, dadoDeBaja }: Tomado): Promise<void> {
    const canal = deps.canales[fila.canal];
    if (!canal) return cerrar(fila, { estado: 'descartado', motivo: 'sin-canal' });
    // Taken again and again by instances that died while sending it: do not let it kill the next one too.
    if (fila.intentos > o.maxIntentos) {
      return cerrar(fila, { estado: 'fallido', motivo: 'agotado', ultimo_error: fila.ultimo_error });
    }
    if (fila.informativo === 1 && dadoDeBaja) return cerrar(fila, { estado: 'descartado', motivo: 'baja' });
    await turnoDeEnvio();
    const r = await canal.enviar(armarMensaje(fila, huella, deps.remitente));
    const ahora = deps.clock().getTime();
    if (r.ok) return cerrar(fila, { estado: 'enviado', enviado_en: iso(ahora) });
    if (r.permanente) return cerrar(fila, { estado: 'fallido', motivo: 'rechazado', ultimo_error: r.error });
    if (fila.intentos >= o.maxIntentos) {
      return cerrar(fila, { estado: 'fallido', motivo: 'agotado', ultimo_error: r.error });
    }
    const proximo = iso(ahora + esperaReintento(fila.intentos, { baseMs: o.esperaBaseMs, maxMs: o.esperaMaxMs }));
    return cerrar(fila, { estado: 'pendiente', proximo_intento: proximo, ultimo_error: r.error });
  }

  function lanzar(tomado: Tomado) {
    const envio: Promise<void> = enviar(tomado)
      .catch((err: unknown) => log.error({ err, avisoId: tomado.fila.id }, 'message attempt failed'))
      .finally(() => {
        enVuelo.delete(envio);
        void tomar();
      });
    enVuelo.add(envio);
  }

  /** Fills the free sending slots with due messages; a call while one runs makes it look once more. */
  async function tomar(): Promise<void> {
    if (!activo) return;
    if (tomando) {
      otraVez = true;
      return;
    }
    tomando = true;
    try {
      do {
        otraVez = false;
        for (;;) {
          const libres = o.concurrencia - enVuelo.size;
          // While sending, claim when half the slots are free: a claim is a write, better not one per message.
          if (!activo || libres < (enVuelo.size === 0 ? 1 : lote)) break;
          const ahora = deps.clock().getTime();
          const filas = await tomarAvisos(db, deps.dialect, {
            n: libres,
            ahora: iso(ahora),
            hasta: iso(ahora + o.tomaMs),
            instancia,
          });
          // Even when stopped meanwhile: detener() waits for these as for the others. A batch whose opt-outs
          // cannot be read goes back when its lease ends.
          for (const tomado of await conBajas(filas)) lanzar(tomado);
          if (filas.length < libres) break;
        }
      } while (otraVez && activo);
    } catch (err) {
      if (activo) log.error({ err }, 'could not take messages from the outbox');
    } finally {
      tomando = false;
    }
  }

  function despues(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  }

  const sondeo = o.sondeoMs > 0 ? setInterval(() => void tomar(), o.sondeoMs) : undefined;
  sondeo?.unref();
  const renovacion = setInterval(
    () => {
      if (!activo || enVuelo.size === 0) return;
      renovarTomas(db, instancia, iso(deps.clock().getTime() + o.tomaMs)).catch((err: unknown) => {
        if (activo) log.error({ err }, 'could not renew the leases of the messages being sent');
      });
    },
    Math.max(100, Math.floor(o.tomaMs / 3)),
  );
  renovacion.unref();

  const despertar = () => {
    despues(10, () => void tomar());
    despues(150, () => void tomar());
  };
  const dejarDeOir = o.sondeoMs > 0 ? alEncolar(despertar) : () => undefined;
  void tomar();

  return {
    instancia,
    despertar,
    sondear: () => void tomar(),
    async detener() {
      activo = false;
      dejarDeOir();
      clearInterval(sondeo);
      clearInterval(renovacion);
      for (const t of timers) clearTimeout(t);
      while (tomando || enVuelo.size > 0) {
        await Promise.allSettled([...enVuelo]);
        if (tomando) await new Promise((r) => setTimeout(r, 5));
      }
      await Promise.all(Object.values(deps.canales).map((c) => c.cerrar()));
    },
  };
}
