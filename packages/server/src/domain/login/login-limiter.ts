import { AppError } from '@inscripciones/shared/errors.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimitStore } from '../../data/rate-limits/rate-limit-store.ts';
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

/** One login attempt, counted as a failure from `begin` until the password proves otherwise. */
export interface LoginAttempt {
  /** Wrong username or password: the attempt stays counted. */
  failed(): Promise<void>;
  /** Right password: the (IP, username)'s failures are forgotten and it becomes known at that address. */
  succeeded(): Promise<void>;
  /** Right password of an account that cannot log in (inactive): counted as neither. */
  cancelled(): Promise<void>;
}

export interface LoginLimiter {
  /**
   * Counts the attempt as a failure before the password is checked, each count a conditional upsert, so
   * simultaneous guesses cannot all pass the limit and then count: throws LoginRateLimitedError when a limit
   * is reached.
   */
  begin(ip: string, username: string): Promise<LoginAttempt>;
}

export function createLoginLimiter(store: RateLimitStore, clock: Clock, limits = LOGIN_LIMITS): LoginLimiter {
  const pairKey = (ip: string, username: string) => `login:fallos:${ip}:${username}`;
  const ipKey = (ip: string) => `login:fallos-ip:${ip}`;
  const knownKey = (ip: string, username: string) => `login:conocido:${ip}:${username}`;

  function refuse(resetAt: Date, now: Date): never {
    throw new LoginRateLimitedError(Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  }

  async function becomeKnown(ip: string, username: string) {
    await store.clear(pairKey(ip, username));
    await store.clear(knownKey(ip, username));
    await store.hit(knownKey(ip, username), clock(), limits.knownForMs);
  }

  /**
   * The guest's password is public, so guessing it gains nothing: it is checked and counted after the
   * password as before, never reserved, so a room of visitors pressing the guest button together is not
   * refused for attempts still in flight. Its failures count towards the address as everyone's do.
   */
  async function beginGuest(ip: string, username: string, now: Date): Promise<LoginAttempt> {
    const pair = await store.peek(pairKey(ip, username), now);
    if (pair && pair.count >= limits.perIpAndUsername) refuse(pair.resetAt, now);
    return {
      async failed() {
        await store.hit(pairKey(ip, username), now, limits.windowMs);
        await store.hit(ipKey(ip), now, limits.windowMs);
      },
      succeeded: () => becomeKnown(ip, username),
      async cancelled() {},
    };
  }

  return {
    async begin(ip, username) {
      const now = clock();
      if (username === GUEST_CREDENTIALS.username) return beginGuest(ip, username, now);
      const pk = pairKey(ip, username);
      const pair = await store.take(pk, now, limits.windowMs, limits.perIpAndUsername);
      if (!pair.counted) refuse(pair.resetAt, now);
      // Past the address's limit only accounts known at the address go on (and still count there).
      const known = !!(await store.peek(knownKey(ip, username), now));
      const perIp = known
        ? { ...(await store.hit(ipKey(ip), now, limits.windowMs)), counted: true }
        : await store.take(ipKey(ip), now, limits.windowMs, limits.perIp);
      if (!perIp.counted) {
        await store.release(pk, pair);
        refuse(perIp.resetAt, now);
      }
      return {
        async failed() {},
        async succeeded() {
          await store.release(ipKey(ip), perIp);
          await becomeKnown(ip, username);
        },
        async cancelled() {
          await store.release(ipKey(ip), perIp);
          await store.release(pk, pair);
        },
      };
    },
  };
}
