import { useQuery } from '@tanstack/react-query';
import { ZOpcionesRed, type TOpcionesRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * What a family may rank (docs/decisions/0028): the network's schools (code and name) and its N. Public, like the
 * online application that shows it; the ranked choices control appears only when there are two schools or more.
 */
const OPCIONES_RED_URL = '/api/asignacion/opciones';

export function useOpcionesRed() {
  return useQuery({
    queryKey: ['asignacion', 'opciones'] as const,
    queryFn: ({ signal }) => apiRequest(OPCIONES_RED_URL, { auth: false, schema: ZOpcionesRed, signal }),
    staleTime: 5 * 60_000,
    // A network without the endpoint (or a failed read) just shows no control: the rest of the form works.
    retry: false,
  });
}

/** The options when the control is to be shown: a network of more than one school. */
export function opcionesVisibles(data: TOpcionesRed | undefined): TOpcionesRed | null {
  return data && data.escuelas.length > 1 ? data : null;
}
