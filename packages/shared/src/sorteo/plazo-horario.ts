import { montevideoOffsetMs } from '../montevideo-time.ts';

/**
 * Offer deadlines inside the school's opening hours (docs/decisions/0031). A family confirms a place by calling
 * or going to the school, so a deadline at 23:15 or on a Sunday gives it nothing: a deadline that falls outside
 * the opening hours moves forward to the closing time of the next opening day. Pure and in Montevideo's time,
 * so the server, the public register and every verifier compute the same instant.
 */

export const DIAS_ATENCION = ['lunes-a-viernes', 'lunes-a-sabado', 'todos-los-dias'] as const;
export type TDiasAtencion = (typeof DIAS_ATENCION)[number];

export const DIAS_ATENCION_LABELS: Record<TDiasAtencion, string> = {
  'lunes-a-viernes': 'De lunes a viernes',
  'lunes-a-sabado': 'De lunes a sábado',
  'todos-los-dias': 'Todos los días',
};

/** The opening window: "HH:MM" (24 h) from `apertura` to `cierre`, on `dias`, in Montevideo. */
export interface THorarioAtencion {
  apertura: string;
  cierre: string;
  dias: TDiasAtencion;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Minutes after midnight of "HH:MM". */
export function minutosDe(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** The weekdays (getUTCDay: 0 Sunday … 6 Saturday) the school opens. */
function abre(dias: TDiasAtencion, weekday: number): boolean {
  if (dias === 'todos-los-dias') return true;
  if (weekday === 0) return false;
  return dias === 'lunes-a-sabado' || weekday !== 6;
}

/**
 * The deadline `vence` (ms since the epoch) moved into the opening hours: unchanged when it falls on an opening
 * day after the opening time and no later than the closing time (the family had that day's hours up to it);
 * otherwise the closing time of the next opening day (the same day when it falls before the opening time).
 * Never earlier than `vence`: a family never loses time it was given.
 */
export function venceEnHorario(vence: number, horario: THorarioAtencion): number {
  const apertura = minutosDe(horario.apertura);
  const cierre = minutosDe(horario.cierre);
  const local = vence + montevideoOffsetMs(vence);
  const dia = Math.floor(local / DAY_MS);
  const minutos = (local - dia * DAY_MS) / MINUTE_MS;
  const weekday = (d: number) => new Date(d * DAY_MS).getUTCDay();
  if (abre(horario.dias, weekday(dia)) && minutos > apertura && minutos <= cierre) return vence;
  let destino = abre(horario.dias, weekday(dia)) && minutos <= apertura ? dia : dia + 1;
  while (!abre(horario.dias, weekday(destino))) destino += 1;
  const cierreLocal = destino * DAY_MS + cierre * MINUTE_MS;
  return cierreLocal - montevideoOffsetMs(cierreLocal - montevideoOffsetMs(cierreLocal));
}
