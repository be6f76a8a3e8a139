import { AppError } from '@inscripciones/shared/errors.ts';
import { MSG } from '@inscripciones/shared/messages.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Failed-login throttle per (IP, username) and per IP. Kept in memory: each instance throttles on its
 * own, which bounds guessing at instances × limit. Counting only failures means staff who log in
 * correctly are never slowed down.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perIpAndUsername: 5,
  perIp: 30,
} as const;

export class LoginRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', MSG.auth.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Window {
  failures: number;
  resetAt: number;
}

export interface LoginLimiter {
  /** Throws LoginRateLimitedError while either key is over its limit. */
  assertAllowed(ip: string, username: string): void;
  recordFailure(ip: string, username: string): void;
  recordSuccess(ip: string, username: string): void;
}

export function createLoginLimiter(clock: Clock, limits = LOGIN_LIMITS): LoginLimiter {
  const windows = new Map<string, Window>();
  const pairKey = (ip: string, username: string) => `u:${ip}:${username}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  function current(key: string, now: number): Window | undefined {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  }

  function purgeExpired(now: number) {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }

  return {
    assertAllowed(ip, username) {
      const now = clock().getTime();
      const checks: [string, number][] = [
        [pairKey(ip, username), limits.perIpAndUsername],
        [ipKey(ip), limits.perIp],
      ];
      for (const [key, max] of checks) {
        const w = current(key, now);
        if (w && w.failures >= max) throw new LoginRateLimitedError(Math.ceil((w.resetAt - now) / 1000));
      }
    },
    recordFailure(ip, username) {
      const now = clock().getTime();
      if (windows.size > 50_000) purgeExpired(now);
      for (const key of [pairKey(ip, username), ipKey(ip)]) {
        const w = current(key, now) ?? { failures: 0, resetAt: now + limits.windowMs };
        w.failures += 1;
        windows.set(key, w);
      }
    },
    recordSuccess(ip, username) {
      windows.delete(pairKey(ip, username));
    },
  };
}
