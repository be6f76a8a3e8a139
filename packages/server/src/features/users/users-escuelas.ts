import { AppError } from '@inscripciones/shared/errors.ts';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { TUser, TUserCreate } from '@inscripciones/shared/users/user-schema.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import type { AppContext } from '../../domain/context.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import type { Executor } from '../../db/executor.ts';
import { membershipsOfMany, removeMembership, setMembership } from '../../data/users/users-repository.ts';

/*
 * An account's roles by school, as /api/users takes and gives them (decision 0036). A school's administrator
 * works on its own school; the network's administrator on any, and on the network's roles.
 */

const escuelasError = (message: string) =>
  new AppError('VALIDATION', message, [{ field: 'escuelas', label: 'Escuelas', message }]);

export const esAdministradorDeRed = (actor: SessionActor) => actor.rolRed === 'administrador_red';

/** The roles an input asks for, by school id: its `escuelas`, or else `role` in the request's school. */
export function rolesPedidos(
  ctx: AppContext,
  actor: SessionActor,
  input: Pick<TUserCreate, 'escuelas' | 'role' | 'rolRed'>,
) {
  if (input.rolRed !== undefined && input.rolRed !== null && !esAdministradorDeRed(actor)) {
    throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
  }
  if (!input.escuelas) return new Map<number, Role>([[ctx.escuela.id, input.role]]);
  const roles = new Map<number, Role>();
  for (const { escuela: codigo, role } of input.escuelas) {
    if (!esAdministradorDeRed(actor) && codigo !== ctx.escuela.codigo)
      throw escuelasError(ESCUELA_MSG.escuelaDeOtraRed(codigo));
    const escuela = ctx.red.escuelas().find((e) => e.codigo === codigo);
    if (!escuela) throw escuelasError(ESCUELA_MSG.escuelaDeOtraRed(codigo));
    roles.set(escuela.id, role);
  }
  return roles;
}

/**
 * Writes the roles asked for. The network's administrator's list replaces the account's schools; a school's
 * administrator only ever changes its own school's row.
 */
export async function guardarRoles(
  tx: Executor,
  ctx: AppContext,
  actor: SessionActor,
  usuarioId: string,
  roles: ReadonlyMap<number, Role>,
  reemplazar: boolean,
): Promise<void> {
  if (reemplazar && esAdministradorDeRed(actor)) {
    for (const e of ctx.red.escuelas()) if (!roles.has(e.id)) await removeMembership(tx, usuarioId, e.id);
  }
  for (const [escuelaId, role] of roles) await setMembership(tx, usuarioId, escuelaId, role);
}

/**
 * Each account's schools by code, for the list; none in a one-school deployment (its answers do not change). A
 * school's administrator sees the role in its school only: an account's roles elsewhere are the other schools'.
 */
export async function escuelasPorCuenta(ctx: AppContext, actor: SessionActor, ids: readonly string[]) {
  const porCuenta = new Map<string, NonNullable<TUser['escuelas']>>();
  if (ctx.red.escuelas().length < 2) return { de: () => undefined };
  const codigos = new Map(ctx.red.escuelas().map((e) => [e.id, e.codigo]));
  for (const m of await membershipsOfMany(ctx.red.db, ids)) {
    const codigo = codigos.get(m.escuela_id);
    if (!codigo) continue;
    porCuenta.set(m.usuario_id, [...(porCuenta.get(m.usuario_id) ?? []), { escuela: codigo, role: m.role }]);
  }
  const visible = (e: { escuela: string }) => esAdministradorDeRed(actor) || e.escuela === ctx.escuela.codigo;
  return { de: (id: string) => (porCuenta.get(id) ?? []).filter(visible) };
}
