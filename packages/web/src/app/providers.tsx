import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context.tsx';

/** TanStack Query's provider is a lazy layout route (query-shell.tsx), so /login does not download it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
