/**
 * The enrolment list as the user last saw it (its query string: filters, order, page), so "Cancelar" or
 * "Volver" on a record goes back to that list rather than to its first page. Kept in memory for this tab.
 */
let lastSearch = '';

export function rememberListSearch(search: string) {
  lastSearch = search;
}

/** /inscriptos with the filters and page the user left. */
export function listPath(): string {
  return `/inscriptos${lastSearch}`;
}
