import type { Role } from '@inscripciones/shared/roles.ts';

/**
 * Row types of the database. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers in
 * both dialects, so SQLite and PostgreSQL return the same values and one mapper serves both.
 */
export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  nombre: string;
  email: string;
  role: Role;
  activo: number;
  /** Bumped when the password changes or the account is deactivated: older tokens stop working. */
  session_version: number;
  created_at: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
}
