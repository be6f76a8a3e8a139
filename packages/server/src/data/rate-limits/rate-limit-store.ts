import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Events counted under one key until the window closes. */
export interface RateWindow {
  count: number;
  resetAt: Date;
}

/** What `take` did: counted the event, or refused it because the window was full. */
export interface Taken extends RateWindow {
  counted: boolean;
}

/**
 * Fixed windows of counted events, by key. Kept in the database (table `rate_limits`), so every instance
 * on one PostgreSQL sees the same counts and a restart forgets nothing; SQLite uses the same table. Every
 * limit of the product (failed logins, the families' status page) builds on this.
 */
export interface RateLimitStore {
  /** The key's window when it is still open at `now`. */
  peek(key: string, now: Date): Promise<RateWindow | undefined>;
  /** Counts one event: in the key's open window, or in a new one of `windowMs` starting at `now`. Atomic. */
  hit(key: string, now: Date, windowMs: number): Promise<RateWindow>;
  /**
   * Counts one event unless the key's open window already holds `max`: check and count are one statement,
   * so concurrent callers (on any instance) never count past `max` — a limit is check-then-count otherwise,
   * and a burst overshoots it by the requests in flight.
   */
  take(key: string, now: Date, windowMs: number, max: number): Promise<Taken>;
  /** Uncounts one event `take` or `hit` counted in `window`; nothing when that window has closed since. */
  release(key: string, window: RateWindow): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
}

const toWindow = (row: { cuenta: number | string; vence_en: string }): RateWindow => ({
  count: Number(row.cuenta),
  resetAt: new Date(row.vence_en),
});

export function createRateLimitStore(db: Kysely<DB>): RateLimitStore {
  /**
   * One upsert (no lost update when two instances count the same key at once) that counts in the open window
   * or opens a new one; with `max`, it leaves a full open window untouched and returns no row.
   */
  async function count(key: string, now: Date, windowMs: number, max?: number) {
    const iso = now.toISOString();
    // Expired windows go first, so the table holds only open ones (indexed on vence_en: cheap).
    await db.deleteFrom('rate_limits').where('vence_en', '<=', iso).execute();
    return db
      .insertInto('rate_limits')
      .values({ clave: key, cuenta: 1, vence_en: new Date(now.getTime() + windowMs).toISOString() })
      .onConflict((oc) => {
        const update = oc.column('clave').doUpdateSet({
          cuenta: sql<number>`case when rate_limits.vence_en <= ${iso} then 1 else rate_limits.cuenta + 1 end`,
          vence_en: sql<string>`case when rate_limits.vence_en <= ${iso} then excluded.vence_en else rate_limits.vence_en end`,
        });
        return max === undefined
          ? update
          : update.where(sql<boolean>`rate_limits.vence_en <= ${iso} or rate_limits.cuenta < ${max}`);
      })
      .returning(['cuenta', 'vence_en'])
      .executeTakeFirst();
  }

  const store: RateLimitStore = {
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
      const row = await count(key, now, windowMs);
      if (!row) throw new Error(`rate_limits: no row counted for ${key}`);
      return toWindow(row);
    },

    async take(key, now, windowMs, max) {
      const row = await count(key, now, windowMs, max);
      if (row) return { ...toWindow(row), counted: true };
      // Refused: the full window, for Retry-After (gone only if it closed in between: then a second's wait).
      const full = await store.peek(key, now);
      return { count: full?.count ?? max, resetAt: full?.resetAt ?? new Date(now.getTime() + 1000), counted: false };
    },

    async release(key, window) {
      await db
        .updateTable('rate_limits')
        .set({ cuenta: sql<number>`cuenta - 1` })
        .where('clave', '=', key)
        .where('vence_en', '=', window.resetAt.toISOString())
        .where('cuenta', '>', 0)
        .execute();
    },

    async clear(key) {
      await db.deleteFrom('rate_limits').where('clave', '=', key).execute();
    },
  };
  return store;
}
