import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { fetchTablero } from './sorteo-api.ts';
import { useSorteoLive } from './sorteo-live.ts';
import { mergeTablero } from './sorteo-view.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The results board everyone sees, kept live by server-sent events (polled without EventSource). Every
 * answer is merged into what is shown, so an older answer never takes back a newer state.
 */
export function useSorteoTablero() {
  const queryClient = useQueryClient();

  const setTablero = useCallback(
    (update: (current: TSorteoTablero) => TSorteoTablero) =>
      queryClient.setQueryData<TSorteoTablero>(queryKeys.sorteo.tablero, (current) => current && update(current)),
    [queryClient],
  );
  const receive = useCallback(
    (incoming: TSorteoTablero) =>
      queryClient.setQueryData<TSorteoTablero>(queryKeys.sorteo.tablero, (current) => mergeTablero(current, incoming)),
    [queryClient],
  );

  const live = useSorteoLive(receive);
  const tablero = useQuery({
    queryKey: queryKeys.sorteo.tablero,
    queryFn: async ({ signal }) =>
      mergeTablero(queryClient.getQueryData<TSorteoTablero>(queryKeys.sorteo.tablero), await fetchTablero(signal)),
    staleTime: Infinity,
    // Without EventSource the board polls.
    refetchInterval: live === 'sin-soporte' ? 2000 : false,
  });
  /** After this screen changed something: read the state now rather than wait for the event. */
  const refresh = useCallback(() => {
    fetchTablero().then(receive, () => {
      // The live stream brings the state anyway.
    });
  }, [receive]);

  return { tablero, live, setTablero, refresh };
}
