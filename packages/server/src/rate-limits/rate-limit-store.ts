import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Events counted under one key until the window closes. */
export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * Fixed windows of counted events, by key. Kept in the database (table `rate_limits`), so every instance
 * on one PostgreSQL sees the same counts and a restart forgets nothing; SQLite uses the same table. Every
 * limit of the product (failed logins today, the families' status page tomorrow) builds on this.
 */
export interface RateLimitStore {
  /** The key's window when it is still open at `now`. */
  peek(key: string, now: Date): Promise<RateWindow | undefined>;
  /** Counts one event: in the key's open window, or in a new one of `windowMs` starting at `now`. Atomic. */
  hit(key: string, now: Date, windowMs: number): Promise<RateWindow>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
}

const toWindow = (row: { cuenta: number | string; vence_en: string }): RateWindow => ({
  count: Number(row.cuenta),
  resetAt: new Date(row.vence_en),
});

export function createRateLimitStore(db: Kysely<DB>): RateLimitStore {
  return {
    async peek(key, now) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['cuenta', 'vence_en'])
        .where('clave', '=', key)
        .where('vence_en', '>', now.toISOString())
        .executeTakeFirst();
      return row ? toWindow(row) : undefined;
    },

    async hit(key, now, windowMs) {
      const iso = now.toISOString();
      // Expired windows go first, so the table holds only open ones (indexed on vence_en: cheap).
      await db.deleteFrom('rate_limits').where('vence_en', '<=', iso).execute();
      // One upsert: two instances counting the same key at once both land (no lost update).
      const row = await db
        .insertInto('rate_limits')
        .values({ clave: key, cuenta: 1, vence_en: new Date(now.getTime() + windowMs).toISOString() })
        .onConflict((oc) =>
          oc.column('clave').doUpdateSet({
            cuenta: sql<number>`case when rate_limits.vence_en <= ${iso} then 1 else rate_limits.cuenta + 1 end`,
            vence_en: sql<string>`case when rate_limits.vence_en <= ${iso} then excluded.vence_en else rate_limits.vence_en end`,
          }),
        )
        .returning(['cuenta', 'vence_en'])
        .executeTakeFirstOrThrow();
      return toWindow(row);
    },

    async clear(key) {
      await db.deleteFrom('rate_limits').where('clave', '=', key).execute();
    },
  };
}
