import { AppError } from '@inscripciones/shared/errors.ts';
import type { TLoginRequest, TLoginResponse } from '@inscripciones/shared/auth/auth-schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import type { AppContext } from '../../domain/context.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { findGuestOf, findUserById, findUserByUsername } from '../../data/users/users-repository.ts';
import { escuelasDeCuenta, sessionUser } from '../../domain/users/cuenta-en-escuela.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { isRevoked, revokeSession } from '../../data/sesiones/revoked-sessions.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/** Who is logging in, as far as the throttle is concerned (decision 0003). */
export interface LoginClient {
  ip: string;
  /** The request's Cookie header: it may hold the device cookie of the username. */
  cookies: string | undefined;
  /** Whether the request came over https (then the device cookie is Secure). */
  https: boolean;
}

/**
 * Checks the credentials under the login throttle. A successful login of a person's account also makes this
 * browser a known device of it (`deviceCookie`, to set); the guest's is not needed: it is never limited.
 */
export async function login(
  ctx: AppContext,
  input: TLoginRequest,
  client: LoginClient,
): Promise<{ response: TLoginResponse; deviceCookie: string | null }> {
  const device = ctx.deviceCookies.deviceFor(client.cookies, input.username);
  const attempt = await ctx.loginLimiter.begin(client.ip, input.username, device);
  // The guest of the school the login is for: each school has its own (decision 0036).
  const row =
    input.username === GUEST_CREDENTIALS.username
      ? await guestOf(ctx)
      : await findUserByUsername(ctx.red.db, input.username);
  // Hash even for unknown users so the response time does not reveal which usernames exist.
  const ok = await verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash()));
  if (!row || !ok) {
    await attempt.failed();
    throw new AppError('UNAUTHENTICATED', AUTH_MSG.invalidCredentials);
  }
  if (row.activo !== 1) {
    await attempt.cancelled();
    throw new AppError('UNAUTHENTICATED', AUTH_MSG.inactiveUser);
  }
  await attempt.succeeded();
  const { token, expiresAt } = await ctx.tokens.sign({ userId: row.id, sessionVersion: row.session_version });
  return {
    response: {
      success: true,
      token,
      user: await sessionUser(ctx, row, { paraIngresar: true }),
      message: `Bienvenido/a, ${row.nombre}`,
      expiresAt: expiresAt.toISOString(),
    },
    deviceCookie: row.sistema === 1 ? null : ctx.deviceCookies.issue(row.username, client.https),
  };
}

/**
 * The session behind a bearer token and its user, re-read from the database: a token ended by a logout, a
 * deactivated or deleted user, or one whose password changed after the token was issued, is rejected at once.
 */
async function verifiedSession(ctx: AppContext, authorization: string | undefined) {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
  if (!match) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionMissing);
  const claims = await ctx.tokens.verify(match[1]!);
  if (!claims) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionInvalid);
  const [row, revoked] = await Promise.all([
    findUserById(ctx.red.db, claims.userId),
    isRevoked(ctx.red.db, claims.sessionId),
  ]);
  if (revoked) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionEnded);
  if (!row || row.activo !== 1 || row.session_version !== claims.sessionVersion) {
    throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionUserGone);
  }
  return { claims, row };
}

/** The schools of a request's account, for choosing where it goes; null without a valid session. */
export async function cuentaDelToken(ctx: AppContext, authorization: string | undefined) {
  try {
    const { row } = await verifiedSession(ctx, authorization);
    return { escuelas: await escuelasDeCuenta(ctx, row) };
  } catch (e) {
    if (e instanceof AppError && e.code === 'UNAUTHENTICATED') return null;
    throw e;
  }
}

/** `deLaRed`: for the network's endpoints, which check the network role and need no role in this school. */
export async function authenticateToken(
  ctx: AppContext,
  authorization: string | undefined,
  deLaRed = false,
): Promise<SessionActor> {
  return sessionUser(ctx, (await verifiedSession(ctx, authorization)).row, { paraIngresar: deLaRed });
}

/**
 * Ends the session of this token on every instance (its id is revoked until it would have expired). Only this
 * one: the user's session version stays, since the guest account is shared by many people at once.
 */
export async function logout(ctx: AppContext, authorization: string | undefined): Promise<void> {
  const { claims } = await verifiedSession(ctx, authorization);
  await revokeSession(ctx.red.db, claims.sessionId, claims.expiresAt, ctx.clock());
}

/** The school's own guest: the first school's keeps the name it always had, another's has its code in it. */
function guestOf(ctx: AppContext) {
  return findGuestOf(ctx.red.db, ctx.escuela.id);
}
