import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDuplicadoEliminado,
  ZResolucion,
  ZResueltosList,
  type TResolucion,
  type TResolverBody,
} from '@inscripciones/shared/duplicados/api-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ZEnOtrasEscuelas } from '@inscripciones/shared/escuelas/red-schema.ts';

/** The calls of the screen "Posibles duplicados"; the open pairs are read by lib/use-duplicados-abiertos.ts. */

export function useResueltos() {
  return useQuery({
    queryKey: queryKeys.duplicadosResueltos,
    queryFn: ({ signal }) => apiRequest('/api/duplicados/resueltos', { schema: ZResueltosList, signal }),
    staleTime: 0,
  });
}

/** "No son la misma persona": refreshes the open pairs (and the sidebar's badge) and the resolved ones. */
export function useResolver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: TResolverBody & { id: string }) =>
      (await apiRequest(`/api/duplicados/${encodeURIComponent(id)}/resolver`, {
        method: 'POST',
        body,
        schema: ZResolucion,
      })) as TResolucion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.duplicados }),
  });
}

/**
 * Deletes the record left over of a possible duplicate (administrators): refreshes the pairs, "Resueltos" (where
 * it now is) and the enrolment lists.
 */
export function useEliminarDuplicado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, inscriptoId }: { id: string; inscriptoId: string }) =>
      apiRequest(`/api/duplicados/${encodeURIComponent(id)}/eliminar`, {
        method: 'POST',
        body: { inscriptoId },
        schema: ZDuplicadoEliminado,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.duplicados }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos }),
      ]),
  });
}

/** GET /api/duplicados/red: this school's applications whose child also applied to another school (docs/decisions/0036). */
export function useEnOtrasEscuelas() {
  return useQuery({
    queryKey: ['duplicados', 'red'] as const,
    queryFn: ({ signal }) => apiRequest('/api/duplicados/red', { schema: ZEnOtrasEscuelas, signal }),
  });
}
