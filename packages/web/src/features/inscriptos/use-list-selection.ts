import { useCallback, useState } from 'react';
import { MAX_SELECCION } from '@inscripciones/shared/inscriptos/api-schema.ts';

/**
 * The rows an administrator selected, across pages of one cycle (a change of cycle clears it). Capped at
 * what an export of the selection takes (MAX_SELECCION).
 */
export function useListSelection(ciclo: string | null) {
  const [state, setState] = useState<{ ciclo: string | null; ids: ReadonlySet<string> }>({ ciclo, ids: new Set() });
  const ids = state.ciclo === ciclo ? state.ids : new Set<string>();
  const select = useCallback(
    (changed: string[], selected: boolean) =>
      setState((previous) => {
        const next = new Set(previous.ciclo === ciclo ? previous.ids : []);
        for (const id of changed) {
          if (!selected) next.delete(id);
          else if (next.size < MAX_SELECCION) next.add(id);
        }
        return { ciclo, ids: next };
      }),
    [ciclo],
  );
  const clear = useCallback(() => setState({ ciclo, ids: new Set() }), [ciclo]);
  return { ids, select, clear };
}
