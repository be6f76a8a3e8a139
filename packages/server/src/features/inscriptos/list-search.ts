import { montevideoOffsetMs } from '@inscripciones/shared/montevideo-time.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { normalizeCi } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TCoincidencia } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { ListFilters } from '../../data/inscriptos/list-query.ts';
import type { InscriptoRow } from '../../data/inscriptos/inscriptos-repository.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';

export type Search = Pick<ListFilters, 'words' | 'ciPrefix' | 'numero'>;

/** Enrolment numbers are short: a query of up to this many bare digits is also tried as a number. */
const MAX_NUMERO_DIGITS = 6;

/**
 * A query of digits, dots, hyphens and spaces is a CI prefix (the child's or a sibling's); bare short digits
 * are an enrolment number too. Anything else is name words, the child's or a sibling's (docs/decisions/0019).
 */
export function parseSearch(q: string | undefined): Search {
  const text = (q ?? '').trim();
  if (!text) return { words: [], ciPrefix: null, numero: null };
  if (/^[\d.\-\s]+$/.test(text)) {
    const numero = /^\d+$/.test(text) && text.length <= MAX_NUMERO_DIGITS ? Number(text) : null;
    return { words: [], ciPrefix: normalizeCi(text) || null, numero };
  }
  return { words: searchKey(text).split(' ').filter(Boolean), ciPrefix: null, numero: null };
}

/** The instant a Montevideo day (YYYY-MM-DD) begins, as stored dates are written (ISO, UTC). */
function startOfDay(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(midnightUtc - montevideoOffsetMs(midnightUtc)).toISOString();
}

/** `hasta` is inclusive: the range ends where the next day begins. */
export function dateRange(desde?: string, hasta?: string): Pick<ListFilters, 'desde' | 'hasta'> {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return { desde: desde ? startOfDay(desde) : null, hasta: hasta ? startOfDay(next(hasta)) : null };
}

/**
 * The sibling through whom a search found this record, when the child itself does not match: the row then
 * says whose sibling it is. Undefined when the child matched (or nothing was searched).
 */
export function siblingMatch(row: InscriptoRow, s: Search): TCoincidencia | undefined {
  if (s.words.length) {
    if (s.words.every((w) => row.nombre_busqueda.includes(w))) return undefined;
  } else if (s.ciPrefix) {
    if (row.ci?.startsWith(s.ciPrefix) || (s.numero !== null && row.numero_inscripcion === s.numero)) return undefined;
  } else return undefined;
  const hermanos = rowData(row).hermanosInscriben ?? [];
  const matches = (h: (typeof hermanos)[number]) => {
    if (s.ciPrefix) return !!h.ci && normalizeCi(h.ci).startsWith(s.ciPrefix);
    const name = searchKey(h.nombre ?? '');
    return s.words.every((w) => name.includes(w));
  };
  // Words spread over two siblings' names still found the record: name the first sibling holding any.
  const found =
    hermanos.find(matches) ?? hermanos.find((h) => s.words.some((w) => searchKey(h.nombre ?? '').includes(w)));
  return found
    ? { tipo: 'hermano', nombre: found.nombre ?? '', ci: found.ci ? normalizeCi(found.ci) : null }
    : undefined;
}
