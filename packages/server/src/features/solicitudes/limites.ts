import { AppError } from '@inscripciones/shared/errors.ts';
import type { AppContext } from '../../domain/context.ts';
import { createRateLimitStore, type RateWindow } from '../../data/rate-limits/rate-limit-store.ts';

/**
 * Abuse limits of the online application without a captcha (docs/decisions/0035): per address for creating,
 * per application for saving and uploading, a cap of live drafts per contact, and drafts that expire.
 */
export const SOLICITUD_LIMITES = {
  /** New applications per client address and hour (a school's shared connection fits a queue of families). */
  creacionesPorIp: 20,
  creacionVentanaMs: 60 * 60 * 1000,
  /** Applications sent per client address and hour: a flood of made-up complete ones never reaches staff's list. */
  enviosPorIp: 60,
  /** Live drafts per contact: a family with twins or a retry fits; a flood under one address does not. */
  borradoresPorContacto: 3,
  /** A draft not saved for this long is deleted with its documents. */
  vigenciaBorradorMs: 30 * 24 * 60 * 60 * 1000,
  /** Saves per application and hour (a debounced form saves at most every couple of seconds while typing). */
  guardadosPorSolicitud: 1200,
  /** Uploads per application and hour. */
  subidasPorSolicitud: 30,
  ventanaSolicitudMs: 60 * 60 * 1000,
} as const;
export type SolicitudLimites = { readonly [K in keyof typeof SOLICITUD_LIMITES]: number };

class SolicitudRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, mensaje: (minutos: number) => string) {
    super('RATE_LIMITED', mensaje(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}

/** The 429 of a window that is full until `resetAt`, with its Retry-After. */
export function limiteAlcanzado(now: Date, resetAt: Date, mensaje: (minutos: number) => string): AppError {
  return new SolicitudRateLimitedError(Math.ceil((resetAt.getTime() - now.getTime()) / 1000), mensaje);
}

/** Counts one event under `key` and returns its window, or refuses with 429 and Retry-After when it is full. */
export async function contar(
  ctx: AppContext,
  key: string,
  windowMs: number,
  max: number,
  mensaje: (minutos: number) => string,
): Promise<RateWindow> {
  const now = ctx.clock();
  const taken = await createRateLimitStore(ctx.red.db).take(key, now, windowMs, max);
  if (!taken.counted) throw limiteAlcanzado(now, taken.resetAt, mensaje);
  return taken;
}
