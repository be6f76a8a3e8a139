import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { hasRole, type Role, type RolRed } from '@inscripciones/shared/roles.ts';
import { useAuth } from '../lib/auth-context.tsx';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * Logged-in routes. Without a session: /login. With `role` (one role or several, SPEC 6) and a user
 * without it: /.
 */
export function RequireAuth({ role, children }: { role?: Role | readonly Role[]; children?: ReactNode }) {
  const { user, status } = useAuth();
  if (status === 'checking') return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;
  if (role !== undefined && !hasRole(user, role)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** The network's screens (docs/decisions/0036): for the network roles given; anyone else goes to /. */
export function RequireRed({ roles }: { roles: readonly RolRed[] }) {
  const { user, status } = useAuth();
  if (status === 'checking') return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.rolRed || !roles.includes(user.rolRed)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The login screen: an already authenticated user goes to / (SPEC 2 "Login screen"). */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user, status } = useAuth();
  if (status === 'checking') return <LoadingScreen />;
  if (user) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
