import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZEscuela,
  ZEscuelaLista,
  type TEscuela,
  type TEscuelaCrear,
} from '@inscripciones/shared/escuelas/escuela-schema.ts';
import { ZRedDuplicados, ZRedPanel } from '@inscripciones/shared/escuelas/red-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { releerSesion } from '../../lib/auth-context.tsx';

/** The network's own endpoints (docs/decisions/0036); they answer the same whatever school is in use. */
const claves = {
  escuelas: ['red', 'escuelas'] as const,
  panel: ['red', 'panel'] as const,
  duplicados: ['red', 'duplicados'] as const,
};

export function useEscuelas() {
  return useQuery({
    queryKey: claves.escuelas,
    queryFn: ({ signal }) => apiRequest('/api/escuelas', { schema: ZEscuelaLista, signal }),
  });
}

/** POST /api/escuelas or PUT /api/escuelas/{id}; a new school joins the account's schools (the sidebar's switch). */
export function useGuardarEscuela() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number | null; datos: TEscuelaCrear }): Promise<TEscuela> =>
      id === null
        ? apiRequest('/api/escuelas', { method: 'POST', body: datos, schema: ZEscuela })
        : apiRequest(`/api/escuelas/${id}`, { method: 'PUT', body: datos, schema: ZEscuela }),
    onSuccess: async () => {
      await releerSesion().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: ['red'] });
    },
  });
}

export function useRedPanel() {
  return useQuery({
    queryKey: claves.panel,
    queryFn: ({ signal }) => apiRequest('/api/red/panel', { schema: ZRedPanel, signal }),
  });
}

export function useRedDuplicados() {
  return useQuery({
    queryKey: claves.duplicados,
    queryFn: ({ signal }) => apiRequest('/api/red/duplicados', { schema: ZRedDuplicados, signal }),
  });
}
