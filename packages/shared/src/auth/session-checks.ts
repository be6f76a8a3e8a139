import { ROLES } from '../roles.ts';
import type { TSessionUser } from './auth-schema.ts';

/**
 * The checks of ZSessionUser, ZMeResponse and ZLoginResponse (auth-schema.ts) written without zod: the
 * browser runs them on /login and on every start (the user kept in sessionStorage), and importing zod
 * there would weigh down the /login download. session-checks.test.ts feeds the same
 * inputs to both and expects the same answers, so the two cannot drift apart.
 */

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ZSessionUser.safeParse: the five fields, unknown keys dropped; null when the value does not match. */
export function checkSessionUser(value: unknown): TSessionUser | null {
  if (!isPlainObject(value)) return null;
  const { id, username, role, nombre, email } = value;
  if (typeof id !== 'string' || typeof username !== 'string') return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  if (typeof nombre !== 'string' || typeof email !== 'string') return null;
  return { id, username, role: role as TSessionUser['role'], nombre, email };
}

/** ZMeResponse.safeParse (GET /api/auth/me): the session user, or null. */
export function checkMeResponse(value: unknown): { user: TSessionUser } | null {
  if (!isPlainObject(value)) return null;
  const user = checkSessionUser(value.user);
  return user ? { user } : null;
}

/** ZLoginResponse.safeParse (POST /api/auth/login, SPEC 7), or null. */
export function checkLoginResponse(
  value: unknown,
): { success: true; token: string; user: TSessionUser; message: string; expiresAt: string } | null {
  if (!isPlainObject(value)) return null;
  const { success, token, message, expiresAt } = value;
  if (success !== true || typeof token !== 'string') return null;
  if (typeof message !== 'string' || typeof expiresAt !== 'string') return null;
  const user = checkSessionUser(value.user);
  return user ? { success, token, user, message, expiresAt } : null;
}

/** Email fallback built from the username when the account has none (SPEC 3). */
export function fallbackEmail(username: string): string {
  return `${username}@inscripciones.local`;
}
