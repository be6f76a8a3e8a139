import { APP_TIME_ZONE } from '../constants.ts';
import { INSCRIPTO_MSG } from './messages.ts';

/**
 * Date rules of SPEC 5 and 9. "Today" is always a parameter, and its calendar year is the one in
 * Montevideo (the school's time zone): at 23:30 of 31 December there it is still that year, whatever UTC says.
 */

const ymdFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last answer: an import checks every row against the same "today", and formatToParts is slow. */
let last = { time: NaN, ymd: '' };

/** The calendar date of an instant in Montevideo, as 'YYYY-MM-DD'. */
export function dateInMontevideo(today: Date): string {
  if (today.getTime() === last.time) return last.ymd;
  const parts = ymdFormatter.formatToParts(today);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  last = { time: today.getTime(), ymd: `${get('year')}-${get('month')}-${get('day')}` };
  return last.ymd;
}

/** The calendar year of an instant in Montevideo. */
export function yearInMontevideo(today: Date): number {
  return Number(dateInMontevideo(today).slice(0, 4));
}

/** True for 'YYYY-MM-DD' naming a real calendar date (no 31 April, 29 February only in leap years). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (SPEC 2: dates are shown DD/MM/YYYY). Anything else is returned unchanged. */
export function formatDateDMY(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** 'DD/MM/YYYY' (also D/M/YYYY) → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseDateDMY(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** SPEC 9: from 1 January of (year − 8) to 31 December of (year − 4), as 'YYYY-MM-DD', both inclusive. */
export function birthDateWindow(today: Date): { min: string; max: string } {
  const year = yearInMontevideo(today);
  return { min: `${year - 8}-01-01`, max: `${year - 4}-12-31` };
}

/** Blank → null (required-ness is the section rules' job); not a real date, or outside the window → message. */
export function birthDateError(value: string | undefined | null, today: Date): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const v = value.trim();
  if (!isIsoDate(v)) return INSCRIPTO_MSG.birthDateInvalid;
  const { min, max } = birthDateWindow(today);
  if (v < min || v > max) return INSCRIPTO_MSG.birthDateOutOfRange(formatDateDMY(min), formatDateDMY(max));
  return null;
}

export const CENTRES = ['caif', 'clubNinos', 'clubDeportivo', 'centroEducativoRecreativo'] as const;
export type Centre = (typeof CENTRES)[number];

/** The name of each centre in the year-range messages ("{section}: El año de inicio ..."). */
export const CENTRE_LABELS: Record<Centre, string> = {
  caif: 'CAIF',
  clubNinos: 'Club de Niños',
  clubDeportivo: 'Club Deportivo',
  centroEducativoRecreativo: 'Centro Educativo Recreativo',
};

/** SPEC 9: CAIF from (year − 5) to the current year; the other centres from (year − 6). */
export function centreYearWindow(centre: Centre, today: Date): { min: number; max: number } {
  const year = yearInMontevideo(today);
  return { min: year - (centre === 'caif' ? 5 : 6), max: year };
}

/** A start or end year outside the centre's window → message; blank → null. */
export function centreYearError(
  centre: Centre,
  which: 'inicio' | 'fin',
  year: number | null | undefined,
  today: Date,
): string | null {
  if (year === undefined || year === null || Number.isNaN(year)) return null;
  const { min, max } = centreYearWindow(centre, today);
  if (year < min || year > max) return INSCRIPTO_MSG.centreYearOutOfRange(CENTRE_LABELS[centre], which, year, min, max);
  return null;
}

/** SPEC 5: a start later than the end is invalid; empty values are valid, and start = end is valid. */
export function yearRangeError(section: string, start?: number | null, end?: number | null): string | null {
  if (start === undefined || start === null || end === undefined || end === null) return null;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return start > end ? INSCRIPTO_MSG.yearRange(section, start, end) : null;
}
