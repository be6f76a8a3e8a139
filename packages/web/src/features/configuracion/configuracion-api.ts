import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPuestaAPunto } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';
import {
  ZContenidoEstado,
  type TContenido,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { releerSesion } from '../../lib/auth-context.tsx';

/**
 * PUT /api/configuracion/contenido with the version that was read. On success the answer becomes the cached
 * content of every screen (useContenido), the public subset is refetched and the session re-read (the name).
 */
export function useGuardarContenido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contenido, version }: { contenido: TContenido; version: number }): Promise<TContenidoEstado> =>
      apiRequest('/api/configuracion/contenido', {
        method: 'PUT',
        body: { ...contenido, version },
        schema: ZContenidoEstado,
      }),
    onSuccess: async (estado) => {
      queryClient.setQueryData(queryKeys.contenido, estado);
      await queryClient.invalidateQueries({ queryKey: queryKeys.contenidoPublico });
      await queryClient.invalidateQueries({ queryKey: PUESTA_A_PUNTO });
      // The school's name in the sidebar comes with the session (docs/decisions/0036).
      void releerSesion().catch(() => undefined);
    },
  });
}

const PUESTA_A_PUNTO = ['configuracion', 'puesta-a-punto'] as const;

/** The set-up checklist (decision 0030), read again after every save. */
export function usePuestaAPunto() {
  return useQuery({
    queryKey: PUESTA_A_PUNTO,
    queryFn: ({ signal }) => apiRequest('/api/configuracion/puesta-a-punto', { schema: ZPuestaAPunto, signal }),
  });
}
