import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { ReactNode } from 'react';
import type { Orden } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { ListState } from './list-state.ts';

/**
 * A column header that sorts the list: a button inside the header (keyboard: Tab,
 * Enter or Space), `aria-sort` on the header for screen readers. The first press sorts ascending, the next
 * one descending.
 */
export function SortHeader({
  orden,
  label,
  sort,
  onSort,
  children,
}: {
  orden: Orden;
  label: string;
  sort: Pick<ListState, 'orden' | 'dir'>;
  onSort: (orden: Orden) => void;
  /** Shown before the button (the number column's select-all box). */
  children?: ReactNode;
}) {
  const active = sort.orden === orden;
  const ariaSort = active ? (sort.dir === 'desc' ? 'descending' : 'ascending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort}>
      {children}
      <button
        type="button"
        className={`inscriptos-sort${active ? ` inscriptos-sort--${sort.dir}` : ''}`}
        onClick={() => onSort(orden)}
        title={INSCRIPTO_MSG.sortBy(label)}
      >
        {label}
      </button>
    </th>
  );
}
