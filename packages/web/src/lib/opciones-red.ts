import { useEffect, useState } from 'react';
import { ZOpcionesRed, type TOpcionesRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * What a family may rank (docs/decisions/0028): the network's schools (code and name) and its N. Public, like the
 * online application that shows it; the ranked choices control appears only when there are two schools or more.
 * A plain hook, not TanStack Query: the online application's page runs without it (decision 0035).
 */
const OPCIONES_RED_URL = '/api/asignacion/opciones';

export function useOpcionesRed(): { data: TOpcionesRed | undefined } {
  const [data, setData] = useState<TOpcionesRed>();
  useEffect(() => {
    const control = new AbortController();
    // A network without the endpoint (or a failed read) just shows no control: the rest of the form works.
    apiRequest(OPCIONES_RED_URL, { auth: false, schema: ZOpcionesRed, signal: control.signal }).then(
      setData,
      () => undefined,
    );
    return () => control.abort();
  }, []);
  return { data };
}

/** The options when the control is to be shown: a network of more than one school. */
export function opcionesVisibles(data: TOpcionesRed | undefined): TOpcionesRed | null {
  return data && data.escuelas.length > 1 ? data : null;
}
