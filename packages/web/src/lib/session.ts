import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { checkSessionUser, fallbackEmail } from '@inscripciones/shared/auth/session-checks.ts';
import { SESSION_KEYS } from '@inscripciones/shared/constants.ts';

/**
 * The browser session (SPEC 3 "Session user", 4 "Session"): a token and the session user, kept in
 * sessionStorage under SESSION_KEYS. A small store so React (useSyncExternalStore) and the API client
 * share one source of truth; unreadable stored data is discarded.
 */
export interface Session {
  token: string;
  user: TSessionUser;
}

type Listener = () => void;

const listeners = new Set<Listener>();
/** undefined: not read from storage yet. */
let cached: Session | null | undefined;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function removeStored(): void {
  const s = storage();
  if (!s) return;
  try {
    s.removeItem(SESSION_KEYS.token);
    s.removeItem(SESSION_KEYS.user);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

/**
 * Validates a user object coming from storage or the API. The email falls back to one built from the
 * username when it is missing (SPEC 3). Returns null when the data is not a valid session user.
 */
export function normalizeSessionUser(raw: unknown): TSessionUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const candidate: Record<string, unknown> = { ...raw };
  if (
    (candidate.email === undefined || candidate.email === null || candidate.email === '') &&
    typeof candidate.username === 'string'
  ) {
    candidate.email = fallbackEmail(candidate.username);
  }
  // ZSessionUser's check without zod, which then stays out of the /login download (session-checks.ts).
  return checkSessionUser(candidate);
}

function readStored(): Session | null {
  const s = storage();
  if (!s) return null;
  try {
    const token = s.getItem(SESSION_KEYS.token);
    const rawUser = s.getItem(SESSION_KEYS.user);
    if (token === null && rawUser === null) return null;
    const user = token && rawUser ? normalizeSessionUser(JSON.parse(rawUser)) : null;
    if (token && user) return { token, user };
  } catch {
    // Unreadable JSON: fall through and discard.
  }
  removeStored();
  return null;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Current session (stable object between changes, as useSyncExternalStore requires). */
export function getSession(): Session | null {
  if (cached === undefined) cached = readStored();
  return cached;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function saveSession(token: string, user: TSessionUser): void {
  const s = storage();
  try {
    s?.setItem(SESSION_KEYS.token, token);
    s?.setItem(SESSION_KEYS.user, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the session still lives in memory for this page.
  }
  cached = { token, user };
  emit();
}

/** Replaces the stored session user, keeping the token (e.g. after /api/auth/me or editing oneself). */
export function updateSessionUser(user: TSessionUser): void {
  const current = getSession();
  if (!current) return;
  saveSession(current.token, user);
}

export function clearSession(): void {
  removeStored();
  if (cached === null) return;
  cached = null;
  emit();
}
