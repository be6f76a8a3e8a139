import { AppError } from '@inscripciones/shared/errors.ts';
import { can, type Action, type Actor } from '@inscripciones/shared/permissions.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import type { RolRed } from '@inscripciones/shared/roles.ts';
import type { TEscuelaDeCuenta } from '@inscripciones/shared/auth/auth-schema.ts';

/** The verified user of a request, re-read from the database on every request (data/users' user-mapper). */
export interface SessionActor extends Actor {
  nombre: string;
  email: string;
  /** The network's own role (decision 0036): network screens and endpoints check it, not `role`. */
  rolRed: RolRed | null;
  /** The account's schools and its role in each. */
  escuelas: TEscuelaDeCuenta[];
}

/** The network's endpoints: its administrator manages; its reader and its administrator read. */
export function requireRed(actor: SessionActor, accion: 'administrar' | 'leer'): void {
  const ok = accion === 'administrar' ? actor.rolRed === 'administrador_red' : actor.rolRed !== null;
  if (!ok) throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
}

/** First line of every service that needs a permission (DESIGN "Conventions" 2). */
export function requirePermission(actor: Actor, action: Action): void {
  if (!can(actor, action)) throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
}
