import { setTimeout as sleepFor } from 'node:timers/promises';
import { AppError } from '@inscripciones/shared/errors.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimitStore } from '../../data/rate-limits/rate-limit-store.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/**
 * Failed-login throttle (docs/decisions/0003, "Límites que frenan al atacante y no a la escuela"). Only failures
 * count, so staff who log in correctly are never slowed down by their own logins.
 * - Per username, from any address: 5 failures from browsers that are not a known device of the user (device
 *   cookie, device-cookies.ts) refuse every such browser for that user, even with the right password, so a
 *   password is guessed at most 5 times per window however many addresses try it.
 * - Per known device: the browser has a budget of its own (5), so others' failures never lock it out, and a
 *   stolen cookie still guesses little.
 * - Per address, what spraying many usernames from one place gets: past 30 failures in the window, each attempt
 *   of a browser that is not a known device waits before its password is checked, 250 ms more per failure past
 *   the threshold, up to 10 s. Never a refusal: a colleague's right password from that network still logs in.
 * - The guest account (its password is public: the login screen's button sends it) is never refused nor counted.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUsername: 5,
  perDevice: 5,
  perIpBeforeDelay: 30,
  delayStepMs: 250,
  maxDelayMs: 10_000,
} as const;

export type LoginLimits = { [K in keyof typeof LOGIN_LIMITS]: number };

class LoginRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', AUTH_MSG.rateLimited(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** One login attempt, counted as a failure from `begin` until the password proves otherwise. */
export interface LoginAttempt {
  /** Wrong username or password: the attempt stays counted, and the address counts a failure. */
  failed(): Promise<void>;
  /** Right password: the attempt is uncounted; a known device's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Right password of an account that cannot log in (inactive): counted as neither. */
  cancelled(): Promise<void>;
}

export interface LoginLimiter {
  /**
   * Counts the attempt as a failure of the username's budget (the device's, for a known device) before the
   * password is checked, with one conditional upsert, so simultaneous guesses cannot all pass the limit and then
   * count: throws LoginRateLimitedError when the budget is spent. Then waits, if the address has failed too
   * often and the browser is not a known device.
   */
  begin(ip: string, username: string, device: string | null): Promise<LoginAttempt>;
}

/** How long an attempt from an address with `failures` failures in the window waits before its check. */
export function spraySlowdownMs(failures: number, limits: LoginLimits = LOGIN_LIMITS): number {
  if (failures < limits.perIpBeforeDelay) return 0;
  return Math.min(limits.maxDelayMs, (failures - limits.perIpBeforeDelay + 1) * limits.delayStepMs);
}

const GUEST_ATTEMPT: LoginAttempt = { async failed() {}, async succeeded() {}, async cancelled() {} };

export function createLoginLimiter(
  store: RateLimitStore,
  clock: Clock,
  limits: LoginLimits = LOGIN_LIMITS,
  sleep: (ms: number) => Promise<unknown> = sleepFor,
): LoginLimiter {
  const usernameKey = (username: string) => `login:usuario:${username}`;
  const deviceKey = (username: string, device: string) => `login:dispositivo:${username}:${device}`;
  const ipKey = (ip: string) => `login:fallos-ip:${ip}`;

  return {
    async begin(ip, username, device) {
      if (username === GUEST_CREDENTIALS.username) return GUEST_ATTEMPT;
      const now = clock();
      const key = device ? deviceKey(username, device) : usernameKey(username);
      const budget = await store.take(key, now, limits.windowMs, device ? limits.perDevice : limits.perUsername);
      if (!budget.counted) {
        throw new LoginRateLimitedError(Math.ceil((budget.resetAt.getTime() - now.getTime()) / 1000));
      }
      if (!device) {
        const delay = spraySlowdownMs((await store.peek(ipKey(ip), now))?.count ?? 0, limits);
        if (delay > 0) await sleep(delay);
      }
      return {
        async failed() {
          await store.hit(ipKey(ip), clock(), limits.windowMs);
        },
        async succeeded() {
          if (device) await store.clear(key);
          else await store.release(key, budget);
        },
        async cancelled() {
          await store.release(key, budget);
        },
      };
    },
  };
}
