import { createContext, use, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { checkMeResponse } from '@inscripciones/shared/auth/session-checks.ts';
import { apiRequest } from './api-client.ts';
import {
  clearSession,
  getSession,
  normalizeSessionUser,
  saveSession,
  subscribeSession,
  updateSessionUser,
} from './session.ts';

/**
 * 'checking': a stored token is being re-validated with GET /api/auth/me ("Cargando..." shows).
 * 'ready': the session (or its absence) is known.
 */
export type AuthStatus = 'checking' | 'ready';

export interface AuthContextValue {
  user: TSessionUser | null;
  status: AuthStatus;
  signIn: (token: string, user: TSessionUser) => void;
  signOut: () => void;
  /** Refreshes the session user, e.g. after the logged-in user edits their own account. */
  updateUser: (user: TSessionUser) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const [status, setStatus] = useState<AuthStatus>(() => (getSession() ? 'checking' : 'ready'));

  // On start, a stored token is re-validated; a 401 ends the session (the API client clears it).
  useEffect(() => {
    if (!getSession()) return;
    const controller = new AbortController();
    apiRequest('/api/auth/me', { signal: controller.signal })
      .then((data) => {
        // ZMeResponse's check without zod (session-checks.ts): a malformed answer keeps the stored session.
        const me = checkMeResponse(data);
        if (!me) return;
        const fresh = normalizeSessionUser(me.user);
        if (fresh) updateSessionUser(fresh);
        else clearSession();
      })
      .catch(() => {
        // 401: already cleared by the API client. Network or server failure: keep the stored session.
      })
      .finally(() => {
        if (!controller.signal.aborted) setStatus('ready');
      });
    return () => controller.abort();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      status,
      signIn: (token, user) => {
        saveSession(token, user);
        setStatus('ready');
      },
      signOut: clearSession,
      updateUser: updateSessionUser,
    }),
    [session, status],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
