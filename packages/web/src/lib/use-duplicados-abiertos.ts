import { useQuery } from '@tanstack/react-query';
import type { TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The open possible duplicates (GET /api/duplicados, issue 24): the screen reads them all, the sidebar's badge
 * only their count (`soloCuenta`, `?limite=0`: at 100,000 enrolments the list is megabytes, issue 22). Both
 * keys start with `duplicados`, so a resolution or a save refreshes both. Typed, not parsed: the sidebar loads
 * with the login bundle (see use-ciclos.ts).
 */
export function useDuplicadosAbiertos({ enabled = true, staleTime = 15_000, soloCuenta = false } = {}) {
  return useQuery({
    queryKey: soloCuenta ? queryKeys.duplicadosAbiertosCuenta : queryKeys.duplicadosAbiertos,
    queryFn: async ({ signal }) =>
      (await apiRequest(soloCuenta ? '/api/duplicados?limite=0' : '/api/duplicados', { signal })) as TDuplicadosList,
    enabled,
    staleTime,
  });
}
