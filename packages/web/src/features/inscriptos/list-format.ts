import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { formatDateDMY } from '@inscripciones/shared/inscriptos/dates.ts';

/**
 * A list item as this screen reads it: the API's records are loose (older ones may lack fields), so
 * nombre1, nombre2, apellido1, apellido2 and ci are read as unknown and used only when they are text.
 */
export type ListItemFields = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "Nombre1 Nombre2 Apellido1 Apellido2", skipping the empty parts. */
export function fullName(item: ListItemFields): string {
  return [item.nombre1, item.nombre2, item.apellido1, item.apellido2].map(text).filter(Boolean).join(' ');
}

/** The CI as X.XXX.XXX-X, or '' when the record has none. */
export function displayCi(item: ListItemFields): string {
  const ci = text(item.ci);
  return ci ? formatCi(ci) : '';
}

/**
 * DD/MM/YYYY of a date ('YYYY-MM-DD') or an instant (ISO), the instant's day taken in Montevideo;
 * '' when it is missing or not a date.
 */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateDMY(value);
  return fechaMontevideo(value);
}
