import type { Insertable, Updateable } from 'kysely';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function listUsers(db: Executor) {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Active users of the given roles, by name: the officials an enrolment may name. */
export function listActiveUsersWithRoles(db: Executor, roles: readonly Role[]) {
  return db
    .selectFrom('users')
    .select(['username', 'nombre'])
    .where('activo', '=', 1)
    .where('role', 'in', [...roles])
    .orderBy('nombre', 'asc')
    .orderBy('username', 'asc')
    .execute();
}

/** Names of the given usernames (deleted users are simply missing). */
export async function namesOf(db: Executor, usernames: string[]): Promise<Map<string, string>> {
  if (!usernames.length) return new Map();
  const rows = await db.selectFrom('users').select(['username', 'nombre']).where('username', 'in', usernames).execute();
  return new Map(rows.map((r) => [r.username, r.nombre]));
}

export async function countActiveAdmins(db: Executor, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'administrador')
    .where('activo', '=', 1);
  if (exceptId) q = q.where('id', '!=', exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Executor, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
