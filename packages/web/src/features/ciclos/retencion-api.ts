import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAnonimizarResultado,
  ZRetencionEstado,
  ZVistaPrevia,
  type TAnonimizarResultado,
  type TRetencionEstado,
} from '@inscripciones/shared/ciclos/retencion-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Retention of closed cycles (docs/privacy.md): the period, a cycle's preview and its anonymisation. */

export function useRetencion() {
  return useQuery({
    queryKey: queryKeys.retencion,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/ciclos/retencion', { schema: ZRetencionEstado, signal })) as TRetencionEstado,
  });
}

export function useGuardarRetencion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (meses: number) =>
      (await apiRequest('/api/ciclos/retencion', {
        method: 'PUT',
        body: { meses },
        schema: ZRetencionEstado,
      })) as TRetencionEstado,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ciclos }),
  });
}

export function useVistaPrevia(id: string) {
  return useQuery({
    queryKey: queryKeys.anonimizarVistaPrevia(id),
    queryFn: async ({ signal }) =>
      apiRequest(`/api/ciclos/${encodeURIComponent(id)}/anonimizar/vista-previa`, { schema: ZVistaPrevia, signal }),
    staleTime: 0,
  });
}

export function useAnonimizar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmacion: string) =>
      (await apiRequest(`/api/ciclos/${encodeURIComponent(id)}/anonimizar`, {
        method: 'POST',
        body: { confirmacion },
        schema: ZAnonimizarResultado,
      })) as TAnonimizarResultado,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.ciclos });
      await queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
    },
  });
}
