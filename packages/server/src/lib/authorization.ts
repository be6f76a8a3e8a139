import { AppError } from '@inscripciones/shared/errors.ts';
import { can, type Action, type Actor } from '@inscripciones/shared/permissions.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/** The verified user of a request, re-read from the database on every request (data/users' user-mapper). */
export interface SessionActor extends Actor {
  nombre: string;
  email: string;
}

/** First line of every service that needs a permission (DESIGN "Conventions" 2). */
export function requirePermission(actor: Actor, action: Action): void {
  if (!can(actor, action)) throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
}
