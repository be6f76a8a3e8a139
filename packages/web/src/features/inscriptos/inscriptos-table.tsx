import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { Orden, TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { InscriptoRow, type ListItem } from './inscripto-row.tsx';
import type { ListState } from './list-state.ts';
import { SortHeader } from './sort-header.tsx';

/** SPEC 9: the list page size (the server's default; used for the loading rows before the first answer). */
const PAGE_SIZE = 10;
const COLUMNS = 6;

interface InscriptosTableProps {
  /** The list shown (null before the first answer). */
  shown: TInscriptoList | null;
  /** The search the shown list answers (for its "no match" text). */
  searched: string;
  /** The caption's page and page count. */
  page: number;
  pages: number;
  loading: boolean;
  user: TSessionUser;
  /** The admission cycle shown is closed: no edit or delete controls. */
  cerrado: boolean;
  onDelete: (item: ListItem) => void;
  /** The order shown, and a change of it (a header's button). */
  sort: Pick<ListState, 'orden' | 'dir'>;
  onSort: (orden: Orden) => void;
  /** Selected ids, when this user may act on a selection (export or print); undefined otherwise. */
  selection?: ReadonlySet<string>;
  onSelect?: (ids: string[], selected: boolean) => void;
}

/** The enrolments of one page; while a page loads the previous one stays, under a spinner. */
export function InscriptosTable({
  shown,
  searched,
  page,
  pages,
  loading,
  user,
  cerrado,
  onDelete,
  sort,
  onSort,
  selection,
  onSelect,
}: InscriptosTableProps) {
  const items = shown?.items ?? [];
  const allSelected = items.length > 0 && items.every((i) => selection?.has(i.id));
  const header = (orden: Orden, label: string) => (
    <SortHeader orden={orden} label={label} sort={sort} onSort={onSort} />
  );
  return (
    <div className="inscriptos-table-region" aria-busy={loading}>
      <Table hover responsive className="align-middle mb-0 inscriptos-table">
        <caption className="visually-hidden">{INSCRIPTO_MSG.caption(page, pages)}</caption>
        <thead>
          <tr>
            <SortHeader orden="numero" label="N° Inscripción" sort={sort} onSort={onSort}>
              {onSelect && (
                <input
                  type="checkbox"
                  className="form-check-input inscriptos-select"
                  checked={allSelected}
                  disabled={items.length === 0}
                  onChange={(event) =>
                    onSelect(
                      items.map((i) => i.id),
                      event.target.checked,
                    )
                  }
                  aria-label={INSCRIPTO_MSG.selectPage}
                />
              )}
            </SortHeader>
            {header('nombre', 'Nombre')}
            <th scope="col">Cédula</th>
            {header('fecha', 'Fecha inscripción')}
            {header('estado', 'Estado')}
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {!shown ? (
            <LoadingRows />
          ) : shown.items.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="text-center text-body-secondary py-4">
                {searched.trim() ? INSCRIPTO_MSG.listNoMatch : INSCRIPTO_MSG.listEmpty}
              </td>
            </tr>
          ) : (
            shown.items.map((item) => (
              <InscriptoRow
                key={item.id}
                item={item}
                user={user}
                cerrado={cerrado}
                onDelete={() => onDelete(item)}
                {...(onSelect
                  ? { selected: selection?.has(item.id) ?? false, onSelect: (on: boolean) => onSelect([item.id], on) }
                  : {})}
              />
            ))
          )}
        </tbody>
      </Table>
      {loading && shown && (
        <div className="inscriptos-table-region__spinner" aria-hidden="true">
          <Spinner animation="border" variant="primary" />
        </div>
      )}
    </div>
  );
}

/** The first load: rows of the page's size, so nothing moves when the data arrives. */
function LoadingRows() {
  return Array.from({ length: PAGE_SIZE }, (_, row) => (
    <tr key={row} className="placeholder-glow inscriptos-loading-row" aria-hidden="true">
      {Array.from({ length: COLUMNS }, (_, cell) => (
        <td key={cell}>
          <span className="placeholder col-8" />
        </td>
      ))}
    </tr>
  ));
}
