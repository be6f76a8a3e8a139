/** Business and UI constants of SPEC 9 used across server and browser. */

/** The built-in read-only account whose credentials the login screen carries (SPEC 2, 6). */
export const GUEST_CREDENTIALS = { username: 'visitante', password: 'visitante' } as const;
export const GUEST_NOMBRE = 'Visitante';

/** Session storage keys (SPEC 9). */
export const SESSION_KEYS = { token: 'token', user: 'user' } as const;

export const MOBILE_BREAKPOINT_PX = 768;
/** Dates are shown in Uruguay's time zone (DESIGN "Web"). */
export const APP_TIME_ZONE = 'America/Montevideo';
export const ALERT_MS = 2000;

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work argon2 does on a hostile input. */
export const PASSWORD_MAX_LENGTH = 200;

/** Session lifetime. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
