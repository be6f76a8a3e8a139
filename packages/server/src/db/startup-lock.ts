import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { Dialect } from './database.ts';

/**
 * Runs `fn` (migrations and the first administrator) while holding a PostgreSQL advisory lock, so instances
 * started together on one database do it one after the other: the first migrates and creates the
 * administrator, the next find it done. Without it the second died on a duplicate key. The lock is per
 * schema (tests run suites side by side in schemas of one database) and is released even when `fn` fails.
 * SQLite is one process: nothing to wait for.
 */
export async function withStartupLock<T>(db: Kysely<DB>, dialect: Dialect, fn: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return fn();
  // Session-level lock on one dedicated connection; `fn` runs on the pool's others.
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext('inscripciones:arranque:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
