import { useQuery } from '@tanstack/react-query';
import type { TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Groups on one page of the screen "Posibles duplicados". */
export const DUPLICADOS_POR_PAGINA = 20;

/**
 * The open possible duplicates (GET /api/duplicados): the screen reads one page of groups, the
 * sidebar's badge only their count (`soloCuenta`, `?limite=0`). Both keys start with `duplicados`, so a
 * resolution or a save refreshes both. Typed, not parsed: the sidebar loads with the login bundle (see
 * use-ciclos.ts).
 */
export function useDuplicadosAbiertos({ enabled = true, staleTime = 15_000, soloCuenta = false, page = 1 } = {}) {
  const url = soloCuenta
    ? '/api/duplicados?limite=0'
    : `/api/duplicados?page=${page}&pageSize=${DUPLICADOS_POR_PAGINA}`;
  return useQuery({
    queryKey: soloCuenta ? queryKeys.duplicadosAbiertosCuenta : [...queryKeys.duplicadosAbiertos, page],
    queryFn: async ({ signal }) => (await apiRequest(url, { signal })) as TDuplicadosList,
    enabled,
    staleTime,
  });
}
