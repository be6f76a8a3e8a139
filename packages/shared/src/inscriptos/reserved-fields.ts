import type { Actor, OwnedRecord } from '../permissions.ts';
import { can, canEditInscripto } from '../permissions.ts';
import { INSCRIPTO_MSG } from './messages.ts';
import { segmentoReservado, type Segmento } from './segmento.ts';
import { INSCRIPTO_FIELDS } from './fields.ts';
import { maskCi } from './ci.ts';

/**
 * Which personal data of a child a reader may see (Ley 18.331; docs/privacy.md). The household, income,
 * housing, work and parents' education (sections 4–7), the phones and the special educational needs are
 * reserved: only those who may edit the record (administrators, and a volunteer on their own records)
 * receive them. The server removes them from every response; the form shows "Dato reservado".
 */
const RESERVED_SECTIONS = new Set([4, 5, 6, 7]);
const RESERVED_EXTRA = new Set([
  'tel',
  'cel1',
  'cel2',
  'cel3',
  'email',
  'necesidadesEducativas',
  'necesidadesEducativasAclarar',
]);

/**
 * What the server derives from the reserved fields: the stratum is income against household size, and
 * "condicional" is the stratum, the tolerance zone or a social benefit (SPEC 9). Either tells a reader
 * something about the household's income or benefits, so it is withheld with them (docs/decisions/0017).
 */
export const DERIVADOS_RESERVADOS = ['condicional', 'estrato'] as const;

/** Every reserved field, in form order, then the derived ones. */
export const CAMPOS_RESERVADOS: readonly string[] = Object.freeze([
  ...INSCRIPTO_FIELDS.filter((f) => RESERVED_SECTIONS.has(f.section) || RESERVED_EXTRA.has(f.name)).map((f) => f.name),
  ...DERIVADOS_RESERVADOS,
]);

/** What the form shows in place of a withheld value. */
export const DATO_RESERVADO = 'Dato reservado';

/**
 * What the public may not see either: the guest account's password is printed on the login screen, so
 * the guest reads what anyone may. Besides the reserved fields: the birth date, the address and the adult who
 * enrolled the child; its CI (and its siblings') comes masked to its last 3 digits (maskCi).
 */
export const CAMPOS_OCULTOS_AL_PUBLICO: readonly string[] = Object.freeze([
  'fechaNacimiento',
  'domicilio',
  'barrio',
  'barrioOtro',
  'inscriptor',
  'parentesco',
]);

/** The guest (`visitado`): whoever has the public password. */
export function lectorPublico(actor: Actor | null | undefined): boolean {
  return !actor || actor.role === 'visitado';
}

/**
 * Why this reader may not filter the list by this segment, or null when it may: by stratum or condition only
 * those who read every record in full (the income behind them); by barrio not the public (the list would tell
 * where each child lives).
 */
export function filtroNoPermitido(
  actor: Actor | null | undefined,
  segmento: Partial<Record<keyof Segmento, unknown>>,
): string | null {
  if (segmentoReservado(segmento) && !can(actor, 'inscriptos:filtrar-reservados'))
    return INSCRIPTO_MSG.segmentoReservado;
  if (lectorPublico(actor) && segmento.barrio !== undefined) return INSCRIPTO_MSG.segmentoBarrioPublico;
  return null;
}

/** The fields withheld from this reader for this record: none for whoever may edit it, all reserved otherwise. */
export function reservedFieldsFor(actor: Actor | null | undefined, record: OwnedRecord): readonly string[] {
  if (canEditInscripto(actor, record)) return [];
  return lectorPublico(actor) ? [...CAMPOS_RESERVADOS, ...CAMPOS_OCULTOS_AL_PUBLICO] : CAMPOS_RESERVADOS;
}

/** CIs shown to the public: masked (the list's sibling match and the siblings enrolling carry one too). */
function maskCis(record: Record<string, unknown>): void {
  const masked = (v: unknown) => (typeof v === 'string' && v ? maskCi(v) : v);
  if ('ci' in record) record.ci = masked(record.ci);
  const c = record.coincidencia as { ci?: unknown } | undefined;
  if (c && typeof c === 'object') record.coincidencia = { ...c, ci: masked(c.ci) };
  if (Array.isArray(record.hermanosInscriben)) {
    record.hermanosInscriben = record.hermanosInscriben.map((h: unknown) =>
      h && typeof h === 'object' ? { ...h, ci: masked((h as { ci?: unknown }).ci) } : h,
    );
  }
}

/**
 * The record without the fields withheld from this reader, naming them in `camposReservados` (always
 * present, empty when nothing was withheld, so a client never has to guess). The one personal-data boundary of
 * an enrolment: the list, the search, the record and its PDF all pass through it.
 */
export function maskInscripto<T extends OwnedRecord & Record<string, unknown>>(
  actor: Actor | null | undefined,
  record: T,
): T & { camposReservados: string[] } {
  const reserved = reservedFieldsFor(actor, record);
  if (!reserved.length) return { ...record, camposReservados: [] };
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!reserved.includes(key)) masked[key] = value;
  if (lectorPublico(actor)) maskCis(masked);
  return { ...(masked as T), camposReservados: [...reserved] };
}
