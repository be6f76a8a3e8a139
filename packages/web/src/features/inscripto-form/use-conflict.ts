import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchInscripto } from './inscripto-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * A 409 STALE_VERSION: someone else saved the record after it was read. The message takes the focus; the
 * way out is to read the record again (the local changes are dropped, never saved over).
 */
export function useConflict(
  recordId: string | null,
  onFresh: (fresh: TInscripto) => void,
  onError: (m: string) => void,
) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const show = (message: string) => {
    setConflict(message);
    window.setTimeout(() => ref.current?.focus(), 0);
  };

  const reload = async () => {
    if (!recordId) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: queryKeys.inscripto(recordId),
        queryFn: ({ signal }) => fetchInscripto(recordId, signal),
        staleTime: 0,
      });
      onFresh(fresh);
      setConflict(null);
    } catch (error) {
      onError(errorMessage(error, INSCRIPTO_MSG.loadFailed));
    } finally {
      setReloading(false);
    }
  };

  return { conflict, ref, reloading, show, reload, clear: () => setConflict(null) };
}
