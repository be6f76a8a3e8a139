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
import { conRolDeLaEscuela, escuelaActual, escuelaDeLaPagina } from './escuela.ts';

/**
 * 'checking': a stored token is being re-validated with GET /api/auth/me ("Cargando..." shows).
 * 'ready': the session (or its absence) is known.
 */
export type AuthStatus = 'checking' | 'ready';

export interface AuthContextValue {
  user: TSessionUser | null;
  status: AuthStatus;
  signIn: (token: string, user: TSessionUser) => void;
  /** Ends the session on the server (POST /api/auth/logout), then here, even when the server cannot be reached. */
  signOut: () => Promise<void>;
  /** Refreshes the session user, e.g. after the logged-in user edits their own account. */
  updateUser: (user: TSessionUser) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** How long "Salir" waits for the server before leaving anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * POST /api/auth/logout with the stored token, so the token stops working on the server (docs/decisions/0003),
 * then the session is cleared here whatever the answer: offline, a server error or an expired session still
 * sign the user out of this browser.
 */
async function signOut(): Promise<void> {
  if (getSession()) {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), LOGOUT_WAIT_MS);
    try {
      await apiRequest('/api/auth/logout', { method: 'POST', signal: controller.signal });
    } catch {
      // Nothing more to do about it: the token expires on its own.
    } finally {
      window.clearTimeout(timer);
    }
  }
  clearSession();
}

/**
 * Re-reads the session user (GET /api/auth/me), e.g. when the network gained a school. It names the school in
 * use explicitly: an account that just got a second school would otherwise be asked to choose one (400).
 */
export async function releerSesion(signal?: AbortSignal): Promise<void> {
  const stored = getSession()?.user;
  const escuela = escuelaDeLaPagina() ?? escuelaActual(stored)?.codigo ?? null;
  const data = await apiRequest('/api/auth/me', { signal, escuela });
  // ZMeResponse's check without zod (session-checks.ts): a malformed answer keeps the stored session.
  const me = checkMeResponse(data);
  if (!me) return;
  const fresh = normalizeSessionUser(me.user);
  if (fresh) updateSessionUser(conRolDeLaEscuela(fresh));
  else clearSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const [status, setStatus] = useState<AuthStatus>(() => (getSession() ? 'checking' : 'ready'));

  // On start, a stored token is re-validated; a 401 ends the session (the API client clears it).
  useEffect(() => {
    if (!getSession()) return;
    const controller = new AbortController();
    releerSesion(controller.signal)
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
        saveSession(token, conRolDeLaEscuela(user));
        setStatus('ready');
      },
      signOut,
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
