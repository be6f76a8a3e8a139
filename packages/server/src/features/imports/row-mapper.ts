import { BOOLEAN_FIELDS, FIELD_OPTIONS, optionValue } from '@inscripciones/shared/inscriptos/options.ts';
import { columnField, siblingsFromText } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { serialToDay, serialToInstant } from './workbook.ts';

/**
 * One spreadsheet row → the enrolment it describes, before validation. Readable values (option labels,
 * "Sí"/"No", DD/MM/YYYY, formatted CIs, sibling text) go back to stored values; anything unknown is left
 * as typed so the shared schema reports it with its Spanish message.
 */
export interface ImportedRow {
  data: Record<string, unknown>;
  numeroInscripcion: number | null;
  finalizado: boolean;
  fechaInscripcion: string | null;
  funcionario: string | null;
  /** Headers that match no field: reported once for the file. */
  unknownHeaders: string[];
}

const BOOLEANS = new Set<string>(BOOLEAN_FIELDS);
const TRUE_WORDS = new Set(['si', 'true', '1', 'x', 'verdadero']);
const FALSE_WORDS = new Set(['no', 'false', '0', 'falso', '']);
/** Derived or informational columns of the export: never imported. */
const IGNORED = new Set(['createdBy', 'condicional', 'estrato']);

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function toBoolean(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  const key = searchKey(text(v));
  if (TRUE_WORDS.has(key)) return true;
  if (FALSE_WORDS.has(key)) return false;
  return v;
}

function toField(field: string, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return undefined;
  if (BOOLEANS.has(field)) return toBoolean(v);
  if (field === 'fechaNacimiento') return typeof v === 'number' ? (serialToDay(v) ?? v) : text(v);
  if (field === 'hermanosInscriben' || field === 'hermanosPrimaria') return siblingsFromText(text(v));
  if (field === 'razonElegirInstitucion') {
    return text(v)
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => optionValue(field, s) ?? s);
  }
  if (FIELD_OPTIONS[field]) return optionValue(field, text(v)) ?? (typeof v === 'number' ? String(v) : text(v));
  if (typeof v === 'number') return field === 'ci' || /^(tel|cel)/.test(field) ? String(v) : v;
  return text(v);
}

export function mapRow(cells: Record<string, unknown>): ImportedRow {
  const data: Record<string, unknown> = {};
  const unknownHeaders: string[] = [];
  let numeroInscripcion: number | null = null;
  let finalizado = false;
  let fechaInscripcion: string | null = null;
  let funcionario: string | null = null;
  for (const [header, value] of Object.entries(cells)) {
    const field = columnField(header);
    if (!field) {
      unknownHeaders.push(header);
      continue;
    }
    if (IGNORED.has(field)) continue;
    if (field === 'numeroInscripcion') {
      const n = typeof value === 'number' ? value : Number(text(value));
      numeroInscripcion = text(value) && Number.isInteger(n) && n > 0 ? n : null;
    } else if (field === 'estado') {
      finalizado = searchKey(text(value)) === 'finalizado';
    } else if (field === 'fechaInscripcion') {
      fechaInscripcion = typeof value === 'number' ? serialToInstant(value) : null;
    } else if (field === 'funcionario') {
      funcionario = text(value).toLowerCase() || null;
    } else {
      const converted = toField(field, value);
      if (converted !== undefined) data[field] = converted;
    }
  }
  return { data, numeroInscripcion, finalizado, fechaInscripcion, funcionario, unknownHeaders };
}
