import { z } from '../zod-es.ts';
import { DEFAULT_ROLE, ROLES, ROLES_RED, type Role } from '../roles.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { safeText } from '../text-rule.ts';
import { USER_MSG } from './messages.ts';
import { ZCodigoEscuela } from '../escuelas/codigo.ts';

/** Spanish labels of the user form; API validation errors name fields with them. */
export const USER_FIELD_LABELS: Record<string, string> = {
  username: 'Usuario',
  password: 'Contraseña',
  nombre: 'Nombre completo',
  email: 'Email',
  role: 'Rol',
  activo: 'Activo',
  escuelas: 'Escuelas',
  rolRed: 'Rol en la red',
};

const required = (label: string) => `${label}: este campo es obligatorio`;

export const ZUsername = safeText('Usuario', { error: required('Usuario') })
  .toLowerCase()
  .min(1, { error: required('Usuario') })
  .min(3, { error: 'El usuario debe tener al menos 3 caracteres' })
  .max(50, { error: 'El usuario puede tener como máximo 50 caracteres' })
  .regex(/^[a-z0-9._-]+$/, {
    error: 'El usuario solo puede tener letras sin tilde, números, punto, guion y guion bajo',
  });

export const ZPassword = safeText('Contraseña', { error: required('Contraseña'), trim: false })
  .min(1, { error: required('Contraseña') })
  .min(PASSWORD_MIN_LENGTH, { error: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres` })
  .max(PASSWORD_MAX_LENGTH, { error: `La contraseña puede tener como máximo ${PASSWORD_MAX_LENGTH} caracteres` });

const ZNombre = safeText('Nombre completo', { error: required('Nombre completo') })
  .min(1, { error: required('Nombre completo') })
  .max(100, { error: 'El nombre puede tener como máximo 100 caracteres' });

const ZEmail = safeText('Email', { error: required('Email') })
  .min(1, { error: required('Email') })
  .max(254, { error: 'El email puede tener como máximo 254 caracteres' })
  .pipe(z.email({ error: 'El email no tiene un formato válido' }));

const ZRole = z.enum(ROLES, { error: 'El rol debe ser administrador, voluntario o visitado' });

/** An account's role in one of its schools. */
export const ZRolEnEscuela = z.strictObject({ escuela: ZCodigoEscuela, role: ZRole });

const userFields = {
  username: ZUsername,
  nombre: ZNombre,
  email: ZEmail,
  role: ZRole.default(DEFAULT_ROLE),
  activo: z.boolean({ error: 'Activo debe ser verdadero o falso' }).default(true),
  /**
   * Its roles by school (decision 0036). Without it the account has `role` in the school of the request; a
   * school's administrator may only name that school, the network's administrator any.
   */
  escuelas: z.array(ZRolEnEscuela).max(200).optional(),
  /** The network's own role: only the network's administrator sets it. */
  rolRed: z.enum(ROLES_RED, { error: 'El rol de red no es válido' }).nullable().optional(),
};

/** POST /api/users. */
export const ZUserCreate = z.strictObject({ ...userFields, password: ZPassword });
export type TUserCreate = z.infer<typeof ZUserCreate>;

/** PUT /api/users/{id}: same payload; a blank password leaves it unchanged (SPEC 3). */
export const ZUserUpdate = z.strictObject({
  ...userFields,
  password: z.preprocess((p: string | undefined) => (p === '' ? undefined : p), ZPassword.optional()),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZUser = z.object({
  id: z.string(),
  username: z.string(),
  nombre: z.string(),
  email: z.string(),
  /** Its role in the school of the request. */
  role: ZRole,
  /** With several schools in the network (decision 0036): the network role and the role in each school. */
  rolRed: z.enum(ROLES_RED).nullable().optional(),
  escuelas: z.array(z.object({ escuela: z.string(), role: ZRole })).optional(),
  activo: z.boolean(),
  /** The built-in guest account: only `activo` can change, and it cannot be deleted. */
  sistema: z.boolean(),
  fechaCreacion: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserList = z.array(ZUser);

/** DELETE /api/users/{id}. */
export const ZMessageResponse = z.object({ message: z.string() });

export const ZUserIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });

/**
 * Administrators must always be active (SPEC 4, 5). Returns the blocking message or null.
 * `currentRole` is the stored role when editing; it picks which of the two spec messages applies.
 */
export function adminActiveError(user: { role: Role; activo: boolean }, currentRole?: Role): string | null {
  if (user.activo) return null;
  if (currentRole === 'administrador') return USER_MSG.cannotDeactivateAdmin;
  if (user.role === 'administrador') return USER_MSG.adminMustBeActive;
  return null;
}
