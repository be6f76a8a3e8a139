import type { Selectable } from 'kysely';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';
import { fallbackEmail, type TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';

type UserRow = Selectable<UsersTable>;

export function userRowToUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.username,
    nombre: row.nombre,
    email: row.email,
    role: row.role,
    activo: row.activo === 1,
    sistema: row.sistema === 1,
    fechaCreacion: row.created_at,
  };
}

export function userRowToSessionUser(row: UserRow): TSessionUser & SessionActor {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    nombre: row.nombre,
    email: row.email || fallbackEmail(row.username),
  };
}
