import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { GUEST_CREDENTIALS, GUEST_NOMBRE } from '@inscripciones/shared/constants.ts';
import { fallbackEmail } from '@inscripciones/shared/auth/auth-schema.ts';
import { hashPassword } from '../lib/password.ts';
import { newId } from '../lib/ids.ts';

/**
 * One ordered set of migrations for both dialects, run at start-up. Only portable column types are
 * used (text, integer); see schema.ts. Never edit a migration that has shipped: add a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

const migrations: Record<string, Migration> = {
  '0001_users': {
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
          id: newId(),
          username: GUEST_CREDENTIALS.username,
          password_hash: await hashPassword(GUEST_CREDENTIALS.password),
          nombre: GUEST_NOMBRE,
          email: fallbackEmail(GUEST_CREDENTIALS.username),
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
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: AnyDb): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
}
