import { useEffect, useState } from 'react';
import { apiRequest } from './api-client.ts';

/**
 * The school's name from its public content (GET /api/configuracion/publico), for a public page that must stay
 * light: no TanStack Query, no zod (useContenidoPublico has both). Undefined while loading or if it fails.
 */
export function useEscuelaNombre(): string | undefined {
  const [nombre, setNombre] = useState<string>();
  useEffect(() => {
    const control = new AbortController();
    apiRequest('/api/configuracion/publico', { auth: false, signal: control.signal }).then(
      (data) => {
        const valor = (data as { escuelaNombre?: unknown } | null)?.escuelaNombre;
        if (typeof valor === 'string') setNombre(valor);
      },
      () => undefined,
    );
    return () => control.abort();
  }, []);
  return nombre;
}
