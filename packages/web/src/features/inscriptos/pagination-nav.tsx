import { Link } from 'react-router';
import { paginationWindow } from './pagination.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

interface PaginationNavProps {
  page: number;
  pages: number;
  /** The link (search part) of a page, so each page is a real, shareable URL. */
  hrefFor: (page: number) => string;
}

/**
 * SPEC 2 pagination: Anterior/Siguiente, the first and last page, a window of 2 pages each side of the
 * current one, and ellipses for what is skipped. Not shown when everything fits on one page.
 */
export function PaginationNav({ page, pages, hrefFor }: PaginationNavProps) {
  if (pages <= 1) return null;
  const items = paginationWindow(page, pages);
  const hasPrevious = page > 1;
  const hasNext = page < pages;

  return (
    <nav aria-label={INSCRIPTO_MSG.pagination} className="inscriptos-pagination">
      <ul className="pagination flex-wrap justify-content-center mb-0">
        <li className={`page-item${hasPrevious ? '' : ' disabled'}`}>
          {hasPrevious ? (
            <Link className="page-link" to={{ search: hrefFor(page - 1) }}>
              {INSCRIPTO_MSG.previous}
            </Link>
          ) : (
            <span className="page-link">{INSCRIPTO_MSG.previous}</span>
          )}
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`elipsis-${index}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
              <Link
                className="page-link"
                to={{ search: hrefFor(item) }}
                aria-label={INSCRIPTO_MSG.pageLink(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item${hasNext ? '' : ' disabled'}`}>
          {hasNext ? (
            <Link className="page-link" to={{ search: hrefFor(page + 1) }}>
              {INSCRIPTO_MSG.next}
            </Link>
          ) : (
            <span className="page-link">{INSCRIPTO_MSG.next}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
