import { useQuery } from '@tanstack/react-query';
import {
  ZContenidoEstado,
  ZContenidoPublico,
  type TContenido,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { textosSorteo, type TextosSorteo } from '@inscripciones/shared/configuracion/textos.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The school's content (docs/decisions/0011): phone, e-mail, contact, hours, maps, the lottery's date, time
 * and place, the intake year. Every screen that shows it reads it through these hooks, under one TanStack
 * Query key, so a save on /admin/configuracion (which writes the new value into this key) updates all of them.
 */

export interface UseContenido {
  /** undefined while loading or when it could not be loaded. */
  contenido: TContenido | undefined;
  /** With the version and who saved it last (the settings screen). */
  estado: TContenidoEstado | undefined;
  isPending: boolean;
  /** A read is in flight (also a background one, with cached data shown meanwhile). */
  isFetching: boolean;
  /** When the data shown was received (ms since the epoch; 0: never). */
  dataUpdatedAt: number;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * Signed-in screens. Kept for the whole session (it is small), so a screen opened later shows it at once, and
 * read again in the background whenever a screen that shows it opens (another administrator may have changed it).
 */
export function useContenido(): UseContenido {
  const query = useQuery({
    queryKey: queryKeys.contenido,
    queryFn: ({ signal }) => apiRequest('/api/configuracion/contenido', { schema: ZContenidoEstado, signal }),
    gcTime: Infinity,
    staleTime: 0,
  });
  return {
    contenido: query.data?.contenido,
    estado: query.data,
    isPending: query.isPending,
    isFetching: query.isFetching,
    dataUpdatedAt: query.dataUpdatedAt,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

const SORTEO_CARGANDO = 'Cargando la información del sorteo...';
const SORTEO_NO_DISPONIBLE = 'No se pudo cargar la información del sorteo: consultala en la escuela.';

/**
 * The lottery as the finalised modal words it (SPEC 2): fecha '31 de octubre', hora '14:00 horas', lugar,
 * info (the whole sentence) and transmisionUrl ('' if none), from the configured content. While it loads, or
 * if it cannot be loaded, `info` says so and the other texts are '—'.
 */
export function useTextosSorteo(): TextosSorteo {
  const { contenido, isError } = useContenido();
  if (contenido) return textosSorteo(contenido);
  return {
    fecha: '—',
    hora: '—',
    lugar: '—',
    info: isError ? SORTEO_NO_DISPONIBLE : SORTEO_CARGANDO,
    transmisionUrl: '',
  };
}

/** The public raffle screen and the status page: the school's name, lottery date, time, place, broadcast link, intake year and board privacy. */
export function useContenidoPublico() {
  return useQuery({
    queryKey: queryKeys.contenidoPublico,
    queryFn: ({ signal }) =>
      apiRequest('/api/configuracion/publico', { schema: ZContenidoPublico, signal, auth: false }),
  });
}
