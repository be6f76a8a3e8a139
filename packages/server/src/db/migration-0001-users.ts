import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { type Kysely, type Migration } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/*
 * What a migration writes is frozen here as literals and copies, never imported from live code: changing
 * the guest account or the password hashing later must not change what this migration did on a fresh database.
 */
const GUEST_0001 = {
  username: 'visitante',
  password: 'visitante',
  nombre: 'Visitante',
  email: 'visitante@inscripciones.local',
} as const;

/** argon2id as lib/password.ts hashed in 0001 (OWASP's first recommendation), as a PHC string. */
async function hashPassword0001(password: string): Promise<string> {
  const p = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };
  const nonce = crypto.randomBytes(16);
  const hash = await promisify(crypto.argon2)('argon2id', { message: Buffer.from(password, 'utf8'), nonce, ...p });
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${p.memory},t=${p.passes},p=${p.parallelism}$${b64(nonce)}$${b64(hash)}`;
}

/** Migration 0001_users. */
export const usersMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_role_activo_idx').on('users').columns(['role', 'activo']).execute();

    // The built-in read-only account of SPEC 6. Created once here, so an administrator can
    // deactivate (or delete) it and it stays that way.
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: uuidv7(),
        username: GUEST_0001.username,
        password_hash: await hashPassword0001(GUEST_0001.password),
        nombre: GUEST_0001.nombre,
        email: GUEST_0001.email,
        role: 'visitado',
        activo: 1,
        session_version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('users').execute();
  },
};
