import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAsignacionVista,
  ZRespuestaRegistrada,
  type TRespuestaRedStaff,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/*
 * A school's part of the network's assignment (docs/decisions/0039): GET /api/asignacion answers a school's account
 * with its school's lines; POST /api/asignacion/respuesta records a family's answer given at the desk.
 */

/** The school's part of the latest assignment, or null while the network has none (404). */
export function useAsignacionEscuela(enabled = true) {
  return useQuery({
    queryKey: queryKeys.asignacionEscuela,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/api/asignacion', { schema: ZAsignacionVista, signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** Records the answer, then reads the school's part again (the roll-up may have moved other lines too). */
export function useRegistrarRespuesta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRespuestaRedStaff) =>
      apiRequest('/api/asignacion/respuesta', { method: 'POST', body, schema: ZRespuestaRegistrada }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.asignacionEscuela }),
  });
}
