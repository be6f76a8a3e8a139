import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { InscriptoRow, type ListItem } from './inscripto-row.tsx';

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
}: InscriptosTableProps) {
  return (
    <div className="inscriptos-table-region" aria-busy={loading}>
      <Table hover responsive className="align-middle mb-0 inscriptos-table">
        <caption className="visually-hidden">{INSCRIPTO_MSG.caption(page, pages)}</caption>
        <thead>
          <tr>
            <th scope="col">N° Inscripción</th>
            <th scope="col">Nombre</th>
            <th scope="col">Cédula</th>
            <th scope="col">Fecha inscripción</th>
            <th scope="col">Estado</th>
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
              <InscriptoRow key={item.id} item={item} user={user} cerrado={cerrado} onDelete={() => onDelete(item)} />
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
