import { AppError } from '@inscripciones/shared/errors.ts';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import type { TBajaEstado } from '@inscripciones/shared/avisos/avisos-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { createRateLimitStore } from '../../data/rate-limits/rate-limit-store.ts';
import { existeBaja, insertBaja } from '../../data/avisos/bajas-repository.ts';
import { leerTokenBaja } from '../../domain/avisos/baja-token.ts';

/**
 * The opt-out link of informational messages (docs/decisions/0029), public: the link's token names the
 * destination by its keyed digest, so nothing here reads or shows an address. Limited per client address like
 * the families' status page; a wrong token and a wrong signature get the same 400.
 */
export const BAJA_LIMITS = { windowMs: 15 * 60 * 1000, perIp: 30 } as const;

class BajaRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', AVISO_MSG.bajaDemasiadas(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function tokenValido(ctx: AppContext, ip: string, t: string, limits: typeof BAJA_LIMITS) {
  const now = ctx.clock();
  const porIp = await createRateLimitStore(ctx.red.db).take(`avisos-baja:ip:${ip}`, now, limits.windowMs, limits.perIp);
  if (!porIp.counted) throw new BajaRateLimitedError(Math.ceil((porIp.resetAt.getTime() - now.getTime()) / 1000));
  const leido = leerTokenBaja(ctx.avisos.claves, t);
  if (!leido) throw new AppError('VALIDATION', AVISO_MSG.bajaEnlaceInvalido);
  return leido;
}

/** What the page shows before the button: the link's channel, and whether it already opted out. */
export async function describir(ctx: AppContext, ip: string, t: string, limits = BAJA_LIMITS): Promise<TBajaEstado> {
  const { canal, huella } = await tokenValido(ctx, ip, t, limits);
  return { canal, dadoDeBaja: await existeBaja(ctx.db, canal, huella) };
}

/** Stops informational messages to the link's destination; messages needed to keep a place still go. */
export async function darDeBaja(ctx: AppContext, ip: string, t: string, limits = BAJA_LIMITS): Promise<TBajaEstado> {
  const { canal, huella } = await tokenValido(ctx, ip, t, limits);
  await insertBaja(ctx.db, canal, huella, ctx.clock().toISOString());
  return { canal, dadoDeBaja: true };
}
