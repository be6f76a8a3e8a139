import { useQuery } from '@tanstack/react-query';
import type { TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The open possible duplicates (GET /api/duplicados, issue 24), read by the sidebar's badge and the screen
 * under one key: a resolution refreshes both. Typed, not parsed: the sidebar loads with the login bundle
 * (see use-ciclos.ts).
 */
export function useDuplicadosAbiertos({ enabled = true, staleTime = 15_000 } = {}) {
  return useQuery({
    queryKey: queryKeys.duplicadosAbiertos,
    queryFn: async ({ signal }) => (await apiRequest('/api/duplicados', { signal })) as TDuplicadosList,
    enabled,
    staleTime,
  });
}
