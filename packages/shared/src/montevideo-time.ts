import { APP_TIME_ZONE } from './constants.ts';

const FECHA = new Intl.DateTimeFormat('es-UY', {
  timeZone: APP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const HORA = new Intl.DateTimeFormat('es-UY', {
  timeZone: APP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * An instant as staff read it: DD/MM/YYYY and HH:mm (24 h) in Montevideo, whatever the machine's time
 * zone. Empty strings for a missing or invalid date. The formatters are built once: bulk PDFs call this
 * twice per record, and building one costs more than formatting.
 */
export function fechaHoraMontevideo(value: string | Date | null | undefined): { fecha: string; hora: string } {
  const at = value instanceof Date ? value : new Date(value ?? '');
  if (Number.isNaN(at.getTime())) return { fecha: '', hora: '' };
  return { fecha: FECHA.format(at), hora: HORA.format(at) };
}
