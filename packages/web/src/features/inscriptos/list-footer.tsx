import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { listStateToParams, type ListState } from './list-state.ts';
import { showingText } from './pagination.ts';
import { PaginationNav } from './pagination-nav.tsx';

interface ListFooterProps {
  shown: TInscriptoList | null;
  /** The filters the shown list answers. */
  shownFilters: ListState;
  /** The filters of the address (the pagination links keep them). */
  state: ListState;
  pages: number;
}

/** "Mostrando …", the page, the summary of every enrolment, and the pagination (SPEC 2). */
export function ListFooter({ shown, shownFilters, state, pages }: ListFooterProps) {
  return (
    <>
      <div className="inscriptos-footer">
        <div>
          <p className="mb-0" aria-live="polite">
            {shown ? showingText(shown, shownFilters) : '\u00a0'}
          </p>
          <p className="mb-0 text-body-secondary">{shown ? INSCRIPTO_MSG.page(shown.page, pages) : '\u00a0'}</p>
        </div>
        {shown && (
          <ul className="inscriptos-resumen" aria-label={INSCRIPTO_MSG.summaryLabel}>
            <li>
              {INSCRIPTO_MSG.summaryTotal}: <strong>{shown.resumen.total}</strong>
            </li>
            <li>
              {INSCRIPTO_MSG.summaryPending}: <strong>{shown.resumen.pendientes}</strong>
            </li>
            <li>
              {INSCRIPTO_MSG.summaryFinalized}: <strong>{shown.resumen.finalizados}</strong>
            </li>
          </ul>
        )}
      </div>

      {shown && (
        <PaginationNav
          page={shown.page}
          pages={pages}
          hrefFor={(page) => listStateToParams({ ...state, page }).toString()}
        />
      )}
    </>
  );
}
