import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from '../../test/helper.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';

describe.each(DIALECTS)('rate-limit store on %s', (dialect) => {
  let t: TestApp;
  let store: RateLimitStore;
  const t0 = new Date('2026-10-01T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    store = createRateLimitStore(t.app.ctx.db);
  });
  afterAll(() => t.close());

  it('counts hits within a window, reopens one when it ends, and forgets a cleared key', async () => {
    expect(await store.peek('a', t0)).toBeUndefined();
    expect(await store.hit('a', t0, 1000)).toEqual({ count: 1, resetAt: at(1000) });
    expect(await store.hit('a', at(500), 1000)).toEqual({ count: 2, resetAt: at(1000) });
    expect(await store.peek('a', at(999))).toEqual({ count: 2, resetAt: at(1000) });
    expect(await store.peek('a', at(1000))).toBeUndefined();
    expect(await store.hit('a', at(1000), 1000)).toEqual({ count: 1, resetAt: at(2000) });
    await store.clear('a');
    expect(await store.peek('a', at(1000))).toBeUndefined();
  });

  it('loses no hit when many land at once (as from several instances)', async () => {
    // A second app on the same data is a second connection pool, as another instance would have.
    const other = await t.reopen();
    try {
      const stores = [store, createRateLimitStore(other.ctx.db)];
      await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.hit('b', t0, 60_000)));
      expect(await store.peek('b', t0)).toEqual({ count: 40, resetAt: at(60_000) });
      // take counts up to its max and refuses the rest, with the full window's end for Retry-After.
      const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.take('c', t0, 60_000, 7)));
      expect(taken.filter((w) => w.counted)).toHaveLength(7);
      expect(taken.filter((w) => !w.counted).every((w) => w.resetAt.getTime() === at(60_000).getTime())).toBe(true);
      expect(await store.peek('c', t0)).toEqual({ count: 7, resetAt: at(60_000) });
    } finally {
      await other.close();
    }
  });

  it('uncounts a released event only in the window it was counted in', async () => {
    const first = await store.take('d', t0, 1000, 5);
    await store.hit('d', t0, 1000);
    await store.release('d', first);
    expect(await store.peek('d', t0)).toEqual({ count: 1, resetAt: at(1000) });
    const later = await store.take('d', at(1000), 1000, 5);
    await store.release('d', first);
    expect(await store.peek('d', at(1000))).toEqual({ count: later.count, resetAt: at(2000) });
  });
});
