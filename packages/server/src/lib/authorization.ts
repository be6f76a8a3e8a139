import { AppError } from '@inscripciones/shared/errors.ts';
import { MSG } from '@inscripciones/shared/messages.ts';
import { can, type Action, type Actor } from '@inscripciones/shared/permissions.ts';

/** First line of every service that needs a permission (DESIGN "Conventions" 2). */
export function requirePermission(actor: Actor, action: Action): void {
  if (!can(actor, action)) throw new AppError('FORBIDDEN', MSG.auth.forbidden);
}
