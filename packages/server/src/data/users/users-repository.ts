import type { Insertable, Updateable } from 'kysely';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/*
 * Accounts live in the network's database; an account's role in a school is its row of `usuario_escuelas`
 * (decision 0036). "Members" of a school are the accounts with a role there.
 */

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

const members = (db: Executor, escuelaId: number) =>
  db
    .selectFrom('users')
    .innerJoin('usuario_escuelas as m', 'm.usuario_id', 'users.id')
    .selectAll('users')
    .select('m.role')
    .where('m.escuela_id', '=', escuelaId);

/** An account with its role in the school; undefined when it has none there. */
export function findMember(db: Executor, escuelaId: number, id: string) {
  return members(db, escuelaId).where('users.id', '=', id).executeTakeFirst();
}

export function findMemberByUsername(db: Executor, escuelaId: number, username: string) {
  return members(db, escuelaId).where('users.username', '=', username).executeTakeFirst();
}

/** The school's guest: the system account with a role there. */
export function findGuestOf(db: Executor, escuelaId: number) {
  return members(db, escuelaId).where('users.sistema', '=', 1).executeTakeFirst();
}

export function listMembers(db: Executor, escuelaId: number) {
  return members(db, escuelaId).orderBy('users.created_at', 'asc').orderBy('users.id', 'asc').execute();
}

/** Active members of the given roles, by name: the officials an enrolment may name. */
export function listActiveMembersWithRoles(db: Executor, escuelaId: number, roles: readonly Role[]) {
  return members(db, escuelaId)
    .where('users.activo', '=', 1)
    .where('m.role', 'in', [...roles])
    .orderBy('users.nombre', 'asc')
    .orderBy('users.username', 'asc')
    .execute();
}

/** Names of the given usernames (deleted users are simply missing). */
export async function namesOf(db: Executor, usernames: string[]): Promise<Map<string, string>> {
  if (!usernames.length) return new Map();
  const rows = await db.selectFrom('users').select(['username', 'nombre']).where('username', 'in', usernames).execute();
  return new Map(rows.map((r) => [r.username, r.nombre]));
}

export async function countActiveAdmins(db: Executor, escuelaId: number, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom('users')
    .innerJoin('usuario_escuelas as m', 'm.usuario_id', 'users.id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.escuela_id', '=', escuelaId)
    .where('m.role', '=', 'administrador')
    .where('users.activo', '=', 1);
  if (exceptId) q = q.where('users.id', '!=', exceptId);
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

/** Every school an account has a role in. */
export function membershipsOf(db: Executor, usuarioId: string) {
  return db
    .selectFrom('usuario_escuelas')
    .select(['escuela_id', 'role'])
    .where('usuario_id', '=', usuarioId)
    .orderBy('escuela_id')
    .execute();
}

/** Gives the account this role in the school (replacing the one it had there). */
export async function setMembership(db: Executor, usuarioId: string, escuelaId: number, role: Role): Promise<void> {
  await db
    .insertInto('usuario_escuelas')
    .values({ usuario_id: usuarioId, escuela_id: escuelaId, role })
    .onConflict((oc) => oc.columns(['usuario_id', 'escuela_id']).doUpdateSet({ role }))
    .execute();
}

export async function removeMembership(db: Executor, usuarioId: string, escuelaId: number): Promise<void> {
  await db
    .deleteFrom('usuario_escuelas')
    .where('usuario_id', '=', usuarioId)
    .where('escuela_id', '=', escuelaId)
    .execute();
}

/** The schools of several accounts at once (a school's list of users). */
export function membershipsOfMany(db: Executor, usuarioIds: readonly string[]) {
  if (!usuarioIds.length) return Promise.resolve([]);
  return db
    .selectFrom('usuario_escuelas')
    .select(['usuario_id', 'escuela_id', 'role'])
    .where('usuario_id', 'in', [...usuarioIds])
    .orderBy('escuela_id')
    .execute();
}
