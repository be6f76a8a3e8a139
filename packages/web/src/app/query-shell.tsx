import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) do not get better by retrying.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * One client for the whole visit, created when the first page that queries the API loads: /login does not
 * query, so TanStack Query stays out of its download. The cache outlives the route (a visit to
 * /login and back keeps it), as it did when the client lived at the root.
 */
const queryClient = createQueryClient();

// When the session ends (logout or a 401), cached server data of that user goes with it.
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});

/** Layout route around every page but /login (router.tsx). */
export function QueryShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
