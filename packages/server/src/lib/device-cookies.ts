import crypto from 'node:crypto';
import type { Clock } from './clock.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/0003): a
 * browser that logged in as a user gets a signed cookie naming that user, and from then on it is a known
 * device of that user. Failures of others (any address, any browser) never lock it out: it has a failure
 * budget of its own. One cookie per user, so a computer shared by colleagues is known for each of them.
 * - name: `disp_` and 16 characters of HMAC(key, username), so it does not show the username;
 * - value: `v1.<nonce>.<expiry in s>.<HMAC(key, username|nonce|expiry)>`: another user's cookie, an edited
 *   one or an expired one is no cookie at all;
 * - HttpOnly, SameSite=Strict, Path=/api/auth (only login and logout see it), Secure when the request is https.
 */
export interface DeviceCookies {
  /** The id of this browser as a known device of `username`, from the Cookie header; null if it is not one. */
  deviceFor(cookieHeader: string | undefined, username: string): string | null;
  /** A Set-Cookie value that makes this browser a known device of `username` (a new id, a new expiry). */
  issue(username: string, secure: boolean): string;
}

export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export function createDeviceCookies(key: Buffer, clock: Clock, ttlMs = DEVICE_COOKIE_TTL_MS): DeviceCookies {
  const mac = (text: string) => crypto.createHmac('sha256', key).update(text).digest();
  const nameFor = (username: string) => `disp_${mac(`nombre|${username}`).toString('base64url').slice(0, 16)}`;
  const signature = (username: string, nonce: string, expiry: string) => mac(`${username}|${nonce}|${expiry}`);

  function cookieValue(header: string | undefined, name: string): string | undefined {
    for (const part of (header ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
    }
    return undefined;
  }

  return {
    deviceFor(header, username) {
      const [version, nonce, expiry, sig, ...rest] = (cookieValue(header, nameFor(username)) ?? '').split('.');
      if (version !== 'v1' || !nonce || !NONCE.test(nonce) || !expiry || !/^\d{1,12}$/.test(expiry) || rest.length) {
        return null;
      }
      if (Number(expiry) * 1000 <= clock().getTime()) return null;
      const given = Buffer.from(sig ?? '', 'base64url');
      const expected = signature(username, nonce, expiry);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
    },
    issue(username, secure) {
      const nonce = crypto.randomBytes(16).toString('base64url');
      const expiry = String(Math.floor((clock().getTime() + ttlMs) / 1000));
      const value = `v1.${nonce}.${expiry}.${signature(username, nonce, expiry).toString('base64url')}`;
      const attributes = [`Path=/api/auth`, `Max-Age=${Math.floor(ttlMs / 1000)}`, 'HttpOnly', 'SameSite=Strict'];
      if (secure) attributes.push('Secure');
      return [`${nameFor(username)}=${value}`, ...attributes].join('; ');
    },
  };
}
