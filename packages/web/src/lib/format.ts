import { APP_TIME_ZONE } from '@inscripciones/shared/constants.ts';

/** Date as DD/MM/YYYY in the es-ES format; '' for a missing or invalid date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('es-ES', {
    timeZone: APP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}
