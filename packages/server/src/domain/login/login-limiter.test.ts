import { describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { LOGIN_LIMITS, createLoginLimiter, spraySlowdownMs } from './login-limiter.ts';
import type { RateLimitStore, RateWindow } from '../../data/rate-limits/rate-limit-store.ts';

/** The store's contract in memory (the real one, on both dialects, has its own tests). */
function memoryStore(): RateLimitStore {
  const windows = new Map<string, RateWindow>();
  const open = (key: string, now: Date) => {
    const w = windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  };
  return {
    async peek(key, now) {
      return open(key, now);
    },
    async hit(key, now, windowMs) {
      const w = open(key, now) ?? { count: 0, resetAt: new Date(now.getTime() + windowMs) };
      const next = { count: w.count + 1, resetAt: w.resetAt };
      windows.set(key, next);
      return next;
    },
    async take(key, now, windowMs, max) {
      const w = open(key, now);
      if (w && w.count >= max) return { ...w, counted: false };
      return { ...(await this.hit(key, now, windowMs)), counted: true };
    },
    async release(key, window) {
      const w = windows.get(key);
      if (w && w.resetAt.getTime() === window.resetAt.getTime() && w.count > 0) w.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

describe('login limiter: slowing one address that sprays usernames', () => {
  it('waits nothing up to the threshold, then 250 ms more per failure, up to 10 s', () => {
    expect(spraySlowdownMs(0)).toBe(0);
    expect(spraySlowdownMs(LOGIN_LIMITS.perIpBeforeDelay - 1)).toBe(0);
    expect(spraySlowdownMs(LOGIN_LIMITS.perIpBeforeDelay)).toBe(250);
    expect(spraySlowdownMs(LOGIN_LIMITS.perIpBeforeDelay + 3)).toBe(1000);
    expect(spraySlowdownMs(LOGIN_LIMITS.perIpBeforeDelay + 39)).toBe(10_000);
    expect(spraySlowdownMs(100_000)).toBe(10_000);
  });

  it("slows the address's unknown browsers, never a known device nor the guest, and never refuses", async () => {
    const waits: number[] = [];
    const now = new Date('2026-10-01T12:00:00Z');
    const limiter = createLoginLimiter(
      memoryStore(),
      () => now,
      LOGIN_LIMITS,
      async (ms) => waits.push(ms),
    );
    const school = '10.0.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perIpBeforeDelay + 2; i++) {
      await (await limiter.begin(school, `sonda${i}`, null)).failed();
    }
    expect(waits).toEqual([250, 500]);
    waits.length = 0;
    await (await limiter.begin(school, 'colega', null)).succeeded();
    await (await limiter.begin(school, 'colega', 'su-navegador')).succeeded();
    await (await limiter.begin(school, GUEST_CREDENTIALS.username, null)).succeeded();
    await (await limiter.begin('10.0.0.2', 'otra', null)).succeeded();
    expect(waits).toEqual([750]);
  });
});
