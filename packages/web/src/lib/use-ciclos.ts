import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCiclo, TCicloCreate, TCicloList, TCicloUpdate } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Admission cycles (docs/decisions/0014), read by the sidebar, the home page, the list's selector and the
 * admin screen under one key (`queryKeys.ciclos`): a change on /admin/ciclos updates all of them (and the school content, whose
 * lottery texts are the current cycle's).
 * The sidebar loads with the login screen's bundle: the answers are typed, not parsed with the zod schemas,
 * which would bring the school content's schema and data file into it (over the 160 KB budget of /login).
 */
export function useCiclos() {
  const query = useQuery({
    queryKey: queryKeys.ciclos,
    queryFn: async ({ signal }) => (await apiRequest('/api/ciclos', { signal })) as TCicloList,
    staleTime: 30_000,
  });
  const ciclos: TCiclo[] = query.data?.items ?? [];
  return { ...query, ciclos, actual: ciclos.find((c) => c.actual) };
}

function useRefrescar() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.ciclos });
    await queryClient.invalidateQueries({ queryKey: queryKeys.configuracion });
    await queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
  };
}

export function useCrearCiclo() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: async (body: TCicloCreate) => (await apiRequest('/api/ciclos', { method: 'POST', body })) as TCiclo,
    onSuccess: refrescar,
  });
}

export function useModificarCiclo() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: async ({ id, ...body }: TCicloUpdate & { id: string }) =>
      (await apiRequest(`/api/ciclos/${id}`, { method: 'PUT', body })) as TCiclo,
    onSuccess: refrescar,
  });
}
