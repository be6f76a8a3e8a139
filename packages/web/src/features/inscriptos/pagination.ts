import type { Estado } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** A page number, or the ellipsis that stands for the pages skipped between two numbers. */
export type PageItem = number | 'ellipsis';

/** Pages each side of the current one (SPEC 2 "Pagination"). */
const PAGE_WINDOW = 2;

/** Number of pages for `total` records; at least 1, so an empty list is "Página 1 de 1". */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The page numbers the pagination shows (SPEC 2): the first and last page always, `radius` pages each
 * side of the current one, and an ellipsis wherever pages are skipped. `current` is clamped to 1..pages.
 * Example: paginationWindow(50, 100) → [1, 'ellipsis', 48, 49, 50, 51, 52, 'ellipsis', 100].
 */
export function paginationWindow(current: number, pages: number, radius: number = PAGE_WINDOW): PageItem[] {
  const last = Math.max(1, Math.floor(pages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const items: PageItem[] = [];
  let previous = 0;
  for (let n = 1; n <= last; n++) {
    const shown = n === 1 || n === last || (n >= page - radius && n <= page + radius);
    if (!shown) continue;
    if (n - previous > 1) items.push('ellipsis');
    items.push(n);
    previous = n;
  }
  return items;
}

/** The filters that earn the note after "Mostrando X-Y de Z inscriptos" (SPEC 2). */
export interface ShowingFilters {
  mias: boolean;
  estado: Estado | null;
}

const ESTADO_NOTE: Record<Estado, string> = { pendiente: 'pendientes', finalizado: 'finalizados' };

/** The note itself, or '' when neither "Mis inscripciones" nor a status filter is on. */
export function filterNote({ mias, estado }: ShowingFilters): string {
  const parts = [mias ? 'mis inscripciones' : null, estado ? ESTADO_NOTE[estado] : null].filter(Boolean);
  return parts.length ? `(filtrado: ${parts.join(', ')})` : '';
}

/**
 * "Mostrando X-Y de Z inscriptos" for page `page` of `pageSize` rows out of `total` matches, followed by
 * the filter note when one applies. An empty result reads "Mostrando 0-0 de 0 inscriptos".
 */
export function showingText(
  { page, pageSize, total }: { page: number; pageSize: number; total: number },
  filters: ShowingFilters,
): string {
  const from = total > 0 ? Math.min((page - 1) * pageSize + 1, total) : 0;
  const to = total > 0 ? Math.min(page * pageSize, total) : 0;
  const note = filterNote(filters);
  const text = INSCRIPTO_MSG.showing(from, to, total);
  return note ? `${text} ${note}` : text;
}
