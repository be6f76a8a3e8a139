import { APP_TIME_ZONE } from './constants.ts';

/**
 * An instant as staff read it: DD/MM/YYYY and HH:mm (24 h) in Montevideo, whatever the machine's time
 * zone. Empty strings for a missing or invalid date.
 */
export function fechaHoraMontevideo(value: string | Date | null | undefined): { fecha: string; hora: string } {
  const at = value instanceof Date ? value : new Date(value ?? '');
  if (Number.isNaN(at.getTime())) return { fecha: '', hora: '' };
  return {
    fecha: at.toLocaleDateString('es-UY', {
      timeZone: APP_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
    hora: at.toLocaleTimeString('es-UY', {
      timeZone: APP_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }),
  };
}
