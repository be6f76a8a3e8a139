import type { Selectable } from 'kysely';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ROL_EN_ESCUELA_DE_RED, type Role } from '@inscripciones/shared/roles.ts';
import type { TEscuelaDeCuenta, TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import { membershipsOf } from '../../data/users/users-repository.ts';
import { userRowToSessionUser } from '../../data/users/user-mapper.ts';

type UserRow = Selectable<UsersTable>;

/**
 * An account's schools, and its role in each (decision 0036): its own roles, and for a network role every
 * school of the network, with the role that network role acts with where it has none of its own.
 */
export async function escuelasDeCuenta(ctx: AppContext, row: UserRow): Promise<TEscuelaDeCuenta[]> {
  const propias = new Map((await membershipsOf(ctx.red.db, row.id)).map((m) => [m.escuela_id, m.role]));
  const escuelas: TEscuelaDeCuenta[] = [];
  for (const e of ctx.red.escuelas()) {
    const role = propias.get(e.id) ?? (row.rol_red ? ROL_EN_ESCUELA_DE_RED[row.rol_red] : undefined);
    if (role) escuelas.push({ codigo: e.codigo, nombre: e.nombre, role });
  }
  return escuelas;
}

/**
 * The verified user as the context's school sees it. An account with no role there is told the school does not
 * exist (404, never 403: nothing confirms another school's records). At login and on the network's endpoints,
 * an account of another school gets its first school's role (its school requests go there).
 */
export async function sessionUser(
  ctx: AppContext,
  row: UserRow,
  opciones: { paraIngresar?: boolean } = {},
): Promise<TSessionUser & SessionActor> {
  const escuelas = await escuelasDeCuenta(ctx, row);
  const aqui = escuelas.find((e) => e.codigo === ctx.escuela.codigo);
  let role: Role | undefined = aqui?.role;
  if (!role && opciones.paraIngresar) {
    if (!escuelas[0]) throw new AppError('UNAUTHENTICATED', ESCUELA_MSG.sinEscuela);
    role = escuelas[0].role;
  }
  if (!role) throw new AppError('NOT_FOUND', ESCUELA_MSG.noEncontrada);
  return userRowToSessionUser(row, role, escuelas);
}
