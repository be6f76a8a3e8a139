import { AppError } from '@inscripciones/shared/errors.ts';
import {
  adminActiveError,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@inscripciones/shared/users/user-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { hashPassword } from '../../lib/password.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import * as repo from '../../data/users/users-repository.ts';
import { userRowToUser } from '../../data/users/user-mapper.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';

function assertAdminActive(input: { role: TUser['role']; activo: boolean }, currentRole?: TUser['role']) {
  const message = adminActiveError(input, currentRole);
  if (message) throw new AppError('VALIDATION', message, [{ field: 'activo', label: 'Activo', message }]);
}

async function assertUsernameFree(ctx: AppContext, username: string, exceptId?: string) {
  const existing = await repo.findUserByUsername(ctx.db, username);
  if (existing && existing.id !== exceptId) throw new AppError('CONFLICT', USER_MSG.usernameTaken(username));
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

/** The system (guest) account keeps its identity: an edit may change `activo` and nothing else. */
function assertSystemEdit(existing: UserRow, input: TUserUpdate) {
  const changesIdentity =
    input.username !== existing.username ||
    input.role !== existing.role ||
    input.nombre !== existing.nombre ||
    input.email !== existing.email ||
    input.password !== undefined;
  if (changesIdentity) throw new AppError('CONFLICT', USER_MSG.systemAccount);
}

export async function listUsers(ctx: AppContext, actor: SessionActor): Promise<TUser[]> {
  requirePermission(actor, 'users:manage');
  return (await repo.listUsers(ctx.db)).map(userRowToUser);
}

export async function createUser(ctx: AppContext, actor: SessionActor, input: TUserCreate): Promise<TUser> {
  requirePermission(actor, 'users:manage');
  assertAdminActive(input);
  await assertUsernameFree(ctx, input.username);
  const now = ctx.clock().toISOString();
  const row = {
    id: newId(),
    username: input.username,
    password_hash: await hashPassword(input.password),
    nombre: input.nombre,
    email: input.email,
    role: input.role,
    activo: input.activo ? 1 : 0,
    session_version: 1,
    sistema: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insertUser(ctx.db, row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', USER_MSG.usernameTaken(input.username));
    throw e;
  }
  return userRowToUser(row);
}

export async function updateUser(ctx: AppContext, actor: SessionActor, id: string, input: TUserUpdate): Promise<TUser> {
  requirePermission(actor, 'users:manage');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      const existing = await repo.findUserById(tx, id);
      if (!existing) throw new AppError('NOT_FOUND', USER_MSG.notFound);
      if (existing.sistema === 1) assertSystemEdit(existing, input);
      assertAdminActive(input, existing.role);
      if (id === actor.id && input.role !== 'administrador') throw new AppError('CONFLICT', USER_MSG.cannotDemoteSelf);
      const losesAdmin =
        existing.role === 'administrador' && existing.activo === 1 && (input.role !== 'administrador' || !input.activo);
      if (losesAdmin && (await repo.countActiveAdmins(tx, id)) === 0)
        throw new AppError('CONFLICT', USER_MSG.lastAdmin);
      await assertUsernameFree({ ...ctx, db: tx }, input.username, id);

      const deactivated = existing.activo === 1 && !input.activo;
      const changes = {
        username: input.username,
        nombre: input.nombre,
        email: input.email,
        role: input.role,
        activo: input.activo ? 1 : 0,
        updated_at: ctx.clock().toISOString(),
        // A new password or a deactivation ends the user's open sessions.
        ...(passwordHash || deactivated ? { session_version: existing.session_version + 1 } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      };
      await repo.updateUser(tx, id, changes);
      return userRowToUser({ ...existing, ...changes });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', USER_MSG.usernameTaken(input.username));
    throw e;
  }
}

export async function deleteUser(ctx: AppContext, actor: SessionActor, id: string): Promise<void> {
  requirePermission(actor, 'users:manage');
  if (id === actor.id) throw new AppError('CONFLICT', USER_MSG.cannotDeleteSelf);
  await ctx.db.transaction().execute(async (tx) => {
    const existing = await repo.findUserById(tx, id);
    if (!existing) throw new AppError('NOT_FOUND', USER_MSG.notFound);
    if (existing.sistema === 1) throw new AppError('CONFLICT', USER_MSG.systemAccount);
    if (existing.role === 'administrador' && existing.activo === 1 && (await repo.countActiveAdmins(tx, id)) === 0) {
      throw new AppError('CONFLICT', USER_MSG.lastAdmin);
    }
    await repo.deleteUser(tx, id);
  });
}
