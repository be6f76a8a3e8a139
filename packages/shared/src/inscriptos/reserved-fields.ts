import type { Actor, OwnedRecord } from '../permissions.ts';
import { canEditInscripto } from '../permissions.ts';
import { INSCRIPTO_FIELDS } from './fields.ts';

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

/** The fields withheld from this reader for this record: none for whoever may edit it, all reserved otherwise. */
export function reservedFieldsFor(actor: Actor | null | undefined, record: OwnedRecord): readonly string[] {
  return canEditInscripto(actor, record) ? [] : CAMPOS_RESERVADOS;
}

/**
 * The record without the fields withheld from this reader, naming them in `camposReservados` (always
 * present, empty when nothing was withheld, so a client never has to guess).
 */
export function maskInscripto<T extends OwnedRecord & Record<string, unknown>>(
  actor: Actor | null | undefined,
  record: T,
): T & { camposReservados: string[] } {
  const reserved = reservedFieldsFor(actor, record);
  if (!reserved.length) return { ...record, camposReservados: [] };
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!reserved.includes(key)) masked[key] = value;
  return { ...(masked as T), camposReservados: [...reserved] };
}
