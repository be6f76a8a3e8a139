import { z } from '../zod-es.ts';
import { ROLES, ROLES_RED } from '../roles.ts';
import { safeText } from '../text-rule.ts';

export const ZLoginRequest = z.strictObject({
  username: safeText('Usuario', { error: 'Usuario: este campo es obligatorio' })
    .toLowerCase()
    .min(1, { error: 'Usuario: este campo es obligatorio' })
    .max(100, { error: 'Usuario o contraseña incorrectos' }),
  password: safeText('Contraseña', { error: 'Contraseña: este campo es obligatorio', trim: false })
    .min(1, { error: 'Contraseña: este campo es obligatorio' })
    .max(1000, { error: 'Usuario o contraseña incorrectos' }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const LOGIN_FIELD_LABELS: Record<string, string> = { username: 'Usuario', password: 'Contraseña' };

/** The user kept in session storage (SPEC 3 "Session user"). */
/** A school an account works in, and its role there (docs/decisions/0036). */
export const ZEscuelaDeCuenta = z.object({ codigo: z.string(), nombre: z.string(), role: z.enum(ROLES) });
export type TEscuelaDeCuenta = z.infer<typeof ZEscuelaDeCuenta>;

export const ZSessionUser = z.object({
  id: z.string(),
  username: z.string(),
  /** The role in the school the request was for (for a network role without one there, the role it acts with). */
  role: z.enum(ROLES),
  nombre: z.string(),
  email: z.string(),
  /** The network's own role, if any. */
  rolRed: z.enum(ROLES_RED).nullable().optional(),
  /** The schools the account has a role in (every school of the network for a network role). */
  escuelas: z.array(ZEscuelaDeCuenta).optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/auth/me: the verified session user. */
export const ZMeResponse = z.object({ user: ZSessionUser });

/** SPEC 7: success, token, user, message. */
export const ZLoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: ZSessionUser,
  message: z.string(),
  expiresAt: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

// Kept with the zod-free checks so the browser's start does not import this module (and zod).
export { fallbackEmail } from './session-checks.ts';
