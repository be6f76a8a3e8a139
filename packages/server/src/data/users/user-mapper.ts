import type { Selectable } from 'kysely';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';
import { fallbackEmail, type TEscuelaDeCuenta, type TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';

type UserRow = Selectable<UsersTable>;

/**
 * An account as a school lists it: its role there; in a network of several schools (`escuelas` given), also its
 * network role and its role in each of its schools by code. A one-school deployment answers as it always did.
 */
export function userRowToUser(row: UserRow & { role: Role }, escuelas?: NonNullable<TUser['escuelas']>): TUser {
  return {
    id: row.id,
    username: row.username,
    nombre: row.nombre,
    email: row.email,
    role: row.role,
    ...(escuelas ? { rolRed: row.rol_red, escuelas } : {}),
    activo: row.activo === 1,
    sistema: row.sistema === 1,
    fechaCreacion: row.created_at,
  };
}

/** The verified user of a request to a school, acting there with `role`. */
export function userRowToSessionUser(
  row: UserRow,
  role: Role,
  escuelas: TEscuelaDeCuenta[],
): TSessionUser & SessionActor {
  return {
    id: row.id,
    username: row.username,
    role,
    nombre: row.nombre,
    email: row.email || fallbackEmail(row.username),
    rolRed: row.rol_red,
    escuelas,
  };
}
