import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZContenidoEstado,
  type TContenido,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * PUT /api/configuracion/contenido with the version that was read. On success the answer becomes the cached
 * content of every screen (useContenido) and the public subset is refetched.
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
    },
  });
}
