import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** One trivial query: whether the database answers (GET /api/health). Throws when it does not. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
