import { ROLES, ROLES_RED } from '../roles.ts';
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

const isRole = (role: unknown): role is TSessionUser['role'] =>
  typeof role === 'string' && (ROLES as readonly string[]).includes(role);

type Escuelas = NonNullable<TSessionUser['escuelas']>;

/** The account's schools, or null when one of them does not match. */
function checkEscuelas(value: unknown[]): Escuelas | null {
  const escuelas: Escuelas = [];
  for (const e of value) {
    if (!isPlainObject(e) || typeof e.codigo !== 'string' || typeof e.nombre !== 'string' || !isRole(e.role))
      return null;
    escuelas.push({ codigo: e.codigo, nombre: e.nombre, role: e.role });
  }
  return escuelas;
}

/** ZSessionUser.safeParse: its fields, unknown keys dropped; null when the value does not match. */
export function checkSessionUser(value: unknown): TSessionUser | null {
  if (!isPlainObject(value)) return null;
  const { id, username, role, nombre, email, rolRed, escuelas } = value;
  if (typeof id !== 'string' || typeof username !== 'string') return null;
  if (!isRole(role)) return null;
  if (typeof nombre !== 'string' || typeof email !== 'string') return null;
  const user: TSessionUser = { id, username, role, nombre, email };
  if (rolRed !== undefined) {
    if (rolRed !== null && !(typeof rolRed === 'string' && (ROLES_RED as readonly string[]).includes(rolRed)))
      return null;
    user.rolRed = rolRed as TSessionUser['rolRed'];
  }
  if (escuelas !== undefined) {
    const checked = Array.isArray(escuelas) ? checkEscuelas(escuelas) : null;
    if (!checked) return null;
    user.escuelas = checked;
  }
  return user;
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
