import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { fallbackEmail } from '@inscripciones/shared/auth/auth-schema.ts';
import type { DB } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import {
  countActiveAdmins,
  findUserByUsername,
  insertUser,
  setMembership,
  updateUser,
} from '../../data/users/users-repository.ts';
import { ESCUELA_PRINCIPAL } from '../../data/escuelas/escuelas-repository.ts';

export interface BootstrapResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * On a database with no active administrator, creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or
 * with a generated password when none is configured. An existing user with that name is promoted
 * and reactivated instead, so a locked-out school can recover by restarting with ADMIN_PASSWORD set. It administers
 * the first school and the network (decision 0036).
 */
export async function ensureAdministrator(
  db: Kysely<DB>,
  username: string,
  password: string | undefined,
  now: Date,
): Promise<BootstrapResult> {
  if ((await countActiveAdmins(db, ESCUELA_PRINCIPAL)) > 0) return { created: false, username };
  const generatedPassword = password ? undefined : crypto.randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const iso = now.toISOString();
  const existing = await findUserByUsername(db, username);
  // Promoting the guest would make everyone who presses "Acceder como visitante" an administrator.
  if (existing?.sistema === 1) throw new Error(`ADMIN_USERNAME "${username}" es la cuenta de visitante: elegí otro.`);
  const id = existing?.id ?? newId();
  if (existing) {
    await updateUser(db, existing.id, {
      rol_red: 'administrador_red',
      activo: 1,
      password_hash: passwordHash,
      session_version: existing.session_version + 1,
      updated_at: iso,
    });
  } else {
    await insertUser(db, {
      id,
      username,
      password_hash: passwordHash,
      nombre: 'Administrador',
      email: fallbackEmail(username),
      rol_red: 'administrador_red',
      activo: 1,
      session_version: 1,
      created_at: iso,
      updated_at: iso,
    });
  }
  await setMembership(db, id, ESCUELA_PRINCIPAL, 'administrador');
  return generatedPassword ? { created: true, username, generatedPassword } : { created: true, username };
}
