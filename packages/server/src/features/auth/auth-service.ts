import { AppError } from '@inscripciones/shared/errors.ts';
import type { TLoginRequest, TLoginResponse } from '@inscripciones/shared/auth/auth-schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import type { AppContext } from '../../domain/context.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { findUserById, findUserByUsername } from '../../data/users/users-repository.ts';
import { userRowToSessionUser } from '../../data/users/user-mapper.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

export async function login(ctx: AppContext, input: TLoginRequest, ip: string): Promise<TLoginResponse> {
  const attempt = await ctx.loginLimiter.begin(ip, input.username);
  const row = await findUserByUsername(ctx.db, input.username);
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
    success: true,
    token,
    user: userRowToSessionUser(row),
    message: `Bienvenido/a, ${row.nombre}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The user behind a bearer token, re-read from the database: a deactivated or deleted user, or one whose
 * password changed after the token was issued, is rejected at once.
 */
export async function authenticateToken(ctx: AppContext, authorization: string | undefined): Promise<SessionActor> {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
  if (!match) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionMissing);
  const claims = await ctx.tokens.verify(match[1]!);
  if (!claims) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionInvalid);
  const row = await findUserById(ctx.db, claims.userId);
  if (!row || row.activo !== 1 || row.session_version !== claims.sessionVersion) {
    throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionUserGone);
  }
  return userRowToSessionUser(row);
}
