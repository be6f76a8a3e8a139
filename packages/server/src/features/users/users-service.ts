import { AppError } from '@inscripciones/shared/errors.ts';
import {
  adminActiveError,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@inscripciones/shared/users/user-schema.ts';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { hashPassword } from '../../lib/password.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import * as repo from '../../data/users/users-repository.ts';
import { userRowToUser } from '../../data/users/user-mapper.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import type { Executor } from '../../db/executor.ts';
import { esAdministradorDeRed, escuelasPorCuenta, guardarRoles, rolesPedidos } from './users-escuelas.ts';

/*
 * The accounts of the request's school (decision 0036): those with a role in it, with that role. Accounts
 * live in the network's database, so every query here goes to `ctx.red.db`.
 */

function assertAdminActive(input: { role: TUser['role']; activo: boolean }, currentRole?: TUser['role']) {
  const message = adminActiveError(input, currentRole);
  if (message) throw new AppError('VALIDATION', message, [{ field: 'activo', label: 'Activo', message }]);
}

async function assertUsernameFree(db: AppContext['red']['db'], username: string, exceptId?: string) {
  const existing = await repo.findUserByUsername(db, username);
  if (existing && existing.id !== exceptId) throw new AppError('CONFLICT', USER_MSG.usernameTaken(username));
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMember>>>;

/** The system (guest) account keeps its identity: an edit may change `activo` and nothing else. */
function assertSystemEdit(existing: MemberRow, input: TUserUpdate) {
  const changesIdentity =
    input.username !== existing.username ||
    input.role !== existing.role ||
    input.nombre !== existing.nombre ||
    input.email !== existing.email ||
    input.password !== undefined ||
    input.escuelas !== undefined ||
    (input.rolRed ?? null) !== existing.rol_red;
  if (changesIdentity) throw new AppError('CONFLICT', USER_MSG.systemAccount);
}

/**
 * An account that also works in another school, or for the network: a school's administrator changing its
 * password or identity would act in places it does not administer (a network administrator's password, say).
 */
async function esDeOtraEscuelaODeLaRed(tx: Executor, ctx: AppContext, existing: MemberRow): Promise<boolean> {
  if (existing.rol_red) return true;
  return (await repo.membershipsOf(tx, existing.id)).some((m) => m.escuela_id !== ctx.escuela.id);
}

/** There, only the role in this school may change. */
function assertSoloRol(existing: MemberRow, input: TUserUpdate) {
  const cambia =
    input.username !== existing.username ||
    input.nombre !== existing.nombre ||
    input.email !== existing.email ||
    input.password !== undefined ||
    input.activo !== (existing.activo === 1);
  if (cambia) throw new AppError('FORBIDDEN', ESCUELA_MSG.cuentaDeLaRed);
}

/** The role asked for in the request's school, when the input gives it one there. */
const rolAqui = (ctx: AppContext, roles: ReadonlyMap<number, Role>) => roles.get(ctx.escuela.id);

async function asUser(ctx: AppContext, actor: SessionActor, row: MemberRow): Promise<TUser> {
  return userRowToUser(row, (await escuelasPorCuenta(ctx, actor, [row.id])).de(row.id));
}

export async function listUsers(ctx: AppContext, actor: SessionActor): Promise<TUser[]> {
  requirePermission(actor, 'users:manage');
  const rows = await repo.listMembers(ctx.red.db, ctx.escuela.id);
  const escuelas = await escuelasPorCuenta(
    ctx,
    actor,
    rows.map((r) => r.id),
  );
  return rows.map((r) => userRowToUser(r, escuelas.de(r.id)));
}

export async function createUser(ctx: AppContext, actor: SessionActor, input: TUserCreate): Promise<TUser> {
  requirePermission(actor, 'users:manage');
  const roles = rolesPedidos(ctx, actor, input);
  const role = rolAqui(ctx, roles) ?? input.role;
  assertAdminActive({ role, activo: input.activo });
  await assertUsernameFree(ctx.red.db, input.username);
  const now = ctx.clock().toISOString();
  const row = {
    id: newId(),
    username: input.username,
    password_hash: await hashPassword(input.password),
    nombre: input.nombre,
    email: input.email,
    rol_red: input.rolRed ?? null,
    activo: input.activo ? 1 : 0,
    session_version: 1,
    sistema: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.red.db.transaction().execute(async (tx) => {
      await repo.insertUser(tx, row);
      await guardarRoles(tx, ctx, actor, row.id, roles, true);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', USER_MSG.usernameTaken(input.username));
    throw e;
  }
  return userRowToUser({ ...row, role }, (await escuelasPorCuenta(ctx, actor, [row.id])).de(row.id));
}

export async function updateUser(ctx: AppContext, actor: SessionActor, id: string, input: TUserUpdate): Promise<TUser> {
  requirePermission(actor, 'users:manage');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const roles = rolesPedidos(ctx, actor, input);
  try {
    return await ctx.red.db.transaction().execute(async (tx) => {
      const existing = await repo.findMember(tx, ctx.escuela.id, id);
      if (!existing) throw new AppError('NOT_FOUND', USER_MSG.notFound);
      if (existing.sistema === 1) assertSystemEdit(existing, input);
      if (!esAdministradorDeRed(actor) && (await esDeOtraEscuelaODeLaRed(tx, ctx, existing))) {
        assertSoloRol(existing, input);
      }
      const role = rolAqui(ctx, roles);
      assertAdminActive({ role: role ?? existing.role, activo: input.activo }, existing.role);
      if (id === actor.id && role !== 'administrador') throw new AppError('CONFLICT', USER_MSG.cannotDemoteSelf);
      const losesAdmin =
        existing.role === 'administrador' && existing.activo === 1 && (role !== 'administrador' || !input.activo);
      if (losesAdmin && (await repo.countActiveAdmins(tx, ctx.escuela.id, id)) === 0)
        throw new AppError('CONFLICT', USER_MSG.lastAdmin);
      await assertUsernameFree(tx, input.username, id);

      const deactivated = existing.activo === 1 && !input.activo;
      const changes = {
        username: input.username,
        nombre: input.nombre,
        email: input.email,
        activo: input.activo ? 1 : 0,
        updated_at: ctx.clock().toISOString(),
        ...(esAdministradorDeRed(actor) && input.rolRed !== undefined ? { rol_red: input.rolRed } : {}),
        // A new password or a deactivation ends the user's open sessions.
        ...(passwordHash || deactivated ? { session_version: existing.session_version + 1 } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      };
      await repo.updateUser(tx, id, changes);
      await guardarRoles(tx, ctx, actor, id, roles, input.escuelas !== undefined);
      const updated = await repo.findMember(tx, ctx.escuela.id, id);
      return asUser({ ...ctx, red: { ...ctx.red, db: tx } }, actor, updated ?? { ...existing, ...changes });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', USER_MSG.usernameTaken(input.username));
    throw e;
  }
}

/**
 * Takes the account out of the request's school; an account left with no school and no network role is
 * deleted (the only case before there were several schools).
 */
export async function deleteUser(ctx: AppContext, actor: SessionActor, id: string): Promise<void> {
  requirePermission(actor, 'users:manage');
  if (id === actor.id) throw new AppError('CONFLICT', USER_MSG.cannotDeleteSelf);
  await ctx.red.db.transaction().execute(async (tx) => {
    const existing = await repo.findMember(tx, ctx.escuela.id, id);
    if (!existing) throw new AppError('NOT_FOUND', USER_MSG.notFound);
    if (existing.sistema === 1) throw new AppError('CONFLICT', USER_MSG.systemAccount);
    if (
      existing.role === 'administrador' &&
      existing.activo === 1 &&
      (await repo.countActiveAdmins(tx, ctx.escuela.id, id)) === 0
    ) {
      throw new AppError('CONFLICT', USER_MSG.lastAdmin);
    }
    await repo.removeMembership(tx, id, ctx.escuela.id);
    const otras = await repo.membershipsOf(tx, id);
    if (!otras.length && !existing.rol_red) await repo.deleteUser(tx, id);
  });
}
