import { APP_TIME_ZONE } from './constants.ts';

/*
 * The one place instants become text for people (DESIGN "Web": dates DD/MM/YYYY, Uruguay's time zone),
 * on the server (PDFs, actas, messages) and in the browser alike. The formatters are built once: bulk PDFs
 * format twice per record, and building one costs more than formatting.
 */
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
const FECHA_LARGA = new Intl.DateTimeFormat('es-UY', { timeZone: APP_TIME_ZONE, dateStyle: 'long' });
const SELLO = new Intl.DateTimeFormat('sv-SE', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type Instant = string | Date | null | undefined;

const HOUR = 3_600_000;
/** Montevideo's offset from UTC by UTC hour: Intl is slow, and it changes only on the hour (DST, up to 2015). */
const offsetByHour = new Map<number, number>();

/**
 * Montevideo's offset from UTC at an instant (ms since the epoch), in ms: its wall clock minus UTC. For
 * machines, not people: Excel cells (no time zones) and the start of a Montevideo day.
 */
export function montevideoOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(SELLO.formatToParts(hour * HOUR).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - hour * HOUR;
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function toDate(value: Instant): Date | null {
  const at = value instanceof Date ? value : new Date(value ?? '');
  return Number.isNaN(at.getTime()) ? null : at;
}

/** An instant as staff read it: DD/MM/YYYY and HH:mm (24 h) in Montevideo; empty strings when it is not a date. */
export function fechaHoraMontevideo(value: Instant): { fecha: string; hora: string } {
  const at = toDate(value);
  return at ? { fecha: FECHA.format(at), hora: HORA.format(at) } : { fecha: '', hora: '' };
}

/** "31/10/2026 14:05" in Montevideo; '' when it is not a date. */
export function fechaHoraTexto(value: Instant): string {
  const { fecha, hora } = fechaHoraMontevideo(value);
  return fecha && `${fecha} ${hora}`;
}

/** "31/10/2026": the instant's day in Montevideo; '' when it is not a date. */
export function fechaMontevideo(value: Instant): string {
  return fechaHoraMontevideo(value).fecha;
}

/** "14:05" in Montevideo; '' when it is not a date. */
export function horaMontevideo(value: Instant): string {
  return fechaHoraMontevideo(value).hora;
}

/** "31 de octubre de 2026, 14:05" (24 h, as everywhere): the cover of a printed document. */
export function fechaHoraLarga(at: Date): string {
  return `${FECHA_LARGA.format(at)}, ${HORA.format(at)}`;
}

/** "2026-10-31": the instant's day in Montevideo, as ISO dates are written; '' when it is not a date. */
export function diaMontevideo(value: Instant): string {
  const at = toDate(value);
  return at ? SELLO.format(at).slice(0, 10) : '';
}

/** "20261031140500": Montevideo's wall clock for file names. */
export function selloArchivo(at: Date): string {
  return SELLO.format(at).replace(/\D/g, '');
}
