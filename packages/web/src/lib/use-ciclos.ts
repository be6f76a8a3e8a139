import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCiclo,
  ZCicloList,
  type TCiclo,
  type TCicloCreate,
  type TCicloUpdate,
} from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * Admission cycles (docs/decisions/0014), read by the sidebar, the home page, the list's selector and the
 * admin screen under one key: a change on /admin/ciclos updates all of them (and the school content, whose
 * lottery texts are the current cycle's).
 */
export const ciclosQueryKey = ['ciclos'] as const;

export function useCiclos() {
  const query = useQuery({
    queryKey: ciclosQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/ciclos', { schema: ZCicloList, signal }),
    staleTime: 30_000,
  });
  const ciclos: TCiclo[] = query.data?.items ?? [];
  return { ...query, ciclos, actual: ciclos.find((c) => c.actual) };
}

function useRefrescar() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ciclosQueryKey });
    await queryClient.invalidateQueries({ queryKey: ['configuracion'] });
    await queryClient.invalidateQueries({ queryKey: ['inscriptos'] });
  };
}

export function useCrearCiclo() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (body: TCicloCreate) => apiRequest('/api/ciclos', { method: 'POST', body, schema: ZCiclo }),
    onSuccess: refrescar,
  });
}

export function useModificarCiclo() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ id, ...body }: TCicloUpdate & { id: string }) =>
      apiRequest(`/api/ciclos/${id}`, { method: 'PUT', body, schema: ZCiclo }),
    onSuccess: refrescar,
  });
}
