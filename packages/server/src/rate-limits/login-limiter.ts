import { AppError } from '@inscripciones/shared/errors.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { Clock } from '../lib/clock.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/**
 * Failed-login throttle (docs/decisions/0003). Only failures count, so staff who log in correctly are never
 * slowed down. Per (IP, username): a password is guessed at most 5 times per window from one address. Per IP:
 * many usernames tried from one address stop after 30 failures, but one school network is one address, so
 * that limit spares the accounts that already logged in from it (colleagues) and the guest account (its
 * password is public: the login screen's button sends it).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perIpAndUsername: 5,
  perIp: 30,
  /** A successful login makes its (IP, username) known for this long, renewed at every success. */
  knownForMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export class LoginRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', AUTH_MSG.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface LoginLimiter {
  /** Throws LoginRateLimitedError while the attempt is over a limit. */
  assertAllowed(ip: string, username: string): Promise<void>;
  recordFailure(ip: string, username: string): Promise<void>;
  recordSuccess(ip: string, username: string): Promise<void>;
}

export function createLoginLimiter(store: RateLimitStore, clock: Clock, limits = LOGIN_LIMITS): LoginLimiter {
  const pairKey = (ip: string, username: string) => `login:fallos:${ip}:${username}`;
  const ipKey = (ip: string) => `login:fallos-ip:${ip}`;
  const knownKey = (ip: string, username: string) => `login:conocido:${ip}:${username}`;

  function refuse(resetAt: Date, now: Date): never {
    throw new LoginRateLimitedError(Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  }

  return {
    async assertAllowed(ip, username) {
      const now = clock();
      const pair = await store.peek(pairKey(ip, username), now);
      if (pair && pair.count >= limits.perIpAndUsername) refuse(pair.resetAt, now);
      if (username === GUEST_CREDENTIALS.username) return;
      const perIp = await store.peek(ipKey(ip), now);
      if (perIp && perIp.count >= limits.perIp && !(await store.peek(knownKey(ip, username), now))) {
        refuse(perIp.resetAt, now);
      }
    },
    async recordFailure(ip, username) {
      const now = clock();
      await store.hit(pairKey(ip, username), now, limits.windowMs);
      await store.hit(ipKey(ip), now, limits.windowMs);
    },
    async recordSuccess(ip, username) {
      const now = clock();
      await store.clear(pairKey(ip, username));
      await store.clear(knownKey(ip, username));
      await store.hit(knownKey(ip, username), now, limits.knownForMs);
    },
  };
}
