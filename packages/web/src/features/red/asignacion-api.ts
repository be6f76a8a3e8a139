import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAsignacionVista,
  ZRedCiclo,
  ZRedCiclos,
  ZRedSorteoEstado,
  ZRedSorteoEstadoOpcional,
  ZRedSorteoNext,
  type TRedCicloGuardar,
  type TRedSorteoEstado,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import type { TFuenteValorPublico } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

/*
 * The network's assignment (docs/decisions/0028): each year's mode, the network raffle (/api/red/sorteo/*) and the
 * assignment (/api/asignacion), with the shared shapes; they answer the same whatever school is in use.
 */

const claves = {
  ciclos: ['red', 'asignacion', 'ciclos'] as const,
  sorteo: (anio: number) => ['red', 'asignacion', 'sorteo', anio] as const,
  resultado: (anio: number) => ['red', 'asignacion', 'resultado', anio] as const,
};

export function useRedCiclos() {
  return useQuery({
    queryKey: claves.ciclos,
    queryFn: ({ signal }) => apiRequest('/api/red/asignacion/ciclos', { schema: ZRedCiclos, signal }),
  });
}

export function useGuardarModo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ anio, ...body }: TRedCicloGuardar & { anio: number }) =>
      apiRequest(`/api/red/asignacion/ciclos/${anio}`, { method: 'PUT', body, schema: ZRedCiclo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claves.ciclos }),
  });
}

export function useRedSorteo(anio: number) {
  return useQuery({
    queryKey: claves.sorteo(anio),
    queryFn: ({ signal }) => apiRequest(`/api/red/sorteo?anio=${anio}`, { schema: ZRedSorteoEstadoOpcional, signal }),
  });
}

/** The raffle's steps; each answers with the raffle as it is now, written into its query. */
export function useRedSorteoPasos(anio: number) {
  const queryClient = useQueryClient();
  const onSuccess = (sorteo: TRedSorteoEstado) => queryClient.setQueryData(claves.sorteo(anio), { sorteo });
  const post = (url: string, body?: unknown) =>
    apiRequest(url, { method: 'POST', ...(body === undefined ? {} : { body }), schema: ZRedSorteoEstado });
  return {
    start: useMutation({
      mutationFn: (fuenteValorPublico: TFuenteValorPublico) =>
        post('/api/red/sorteo/start', { anio, fuenteValorPublico }),
      onSuccess,
    }),
    valor: useMutation({
      mutationFn: (body: { valor: string; origen: string }) => post('/api/red/sorteo/valor-publico', body),
      onSuccess,
    }),
    confirm: useMutation({ mutationFn: (azar: number) => post('/api/red/sorteo/confirm', { azar }), onSuccess }),
    end: useMutation({ mutationFn: () => post('/api/red/sorteo/end'), onSuccess }),
  };
}

/** The application at the next position (the same until confirmed); the first call closes the public value. */
export const fetchRedNext = () => apiRequest('/api/red/sorteo/next', { method: 'POST', schema: ZRedSorteoNext });

/** The published assignment, or null before it ran. */
export function useAsignacion(anio: number) {
  return useQuery({
    queryKey: claves.resultado(anio),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest(`/api/asignacion?anio=${anio}`, { schema: ZAsignacionVista, signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

export function useCorrerAsignacion(anio: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/asignacion', { method: 'POST', body: { anio }, schema: ZAsignacionVista }),
    onSuccess: (vista) => queryClient.setQueryData(claves.resultado(anio), vista),
  });
}
