import { BOOLEAN_FIELDS, FIELD_OPTIONS, optionValue } from '@inscripciones/shared/inscriptos/field-options.ts';
import { columnField, siblingsFromText } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { textRuleError } from '@inscripciones/shared/text-rule.ts';
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
}

/** What each column of the sheet holds, worked out once from the header row. */
export interface ColumnPlan {
  /** The field of each column, by position; undefined for a blank or unknown header. */
  fields: (string | undefined)[];
  /** Headers that match no field: reported once for the file. */
  unknownHeaders: string[];
  /**
   * Headers the text rule refuses (a control or bidirectional character, invisible in Excel): never matched
   * to a field, so a "Primer Nombre" with U+202E would be ignored while it looks right; reported as row 1's
   * errors, naming the column.
   */
  refusedHeaders: { campo: string; motivo: string }[];
  /** The columns of form fields, in the sheet's order. */
  formColumns: { field: string; column: number }[];
  /** The columns of system fields (number, estado, date, funcionario), in the sheet's order. */
  systemColumns: { field: string; column: number }[];
}

const BOOLEANS = new Set<string>(BOOLEAN_FIELDS);
const TRUE_WORDS = new Set(['si', 'true', '1', 'x', 'verdadero']);
const FALSE_WORDS = new Set(['no', 'false', '0', 'falso', '']);
/** Derived or informational columns of the export: never imported. */
const IGNORED = new Set(['createdBy', 'condicional', 'estrato']);
const SYSTEM_FIELDS = new Set(['numeroInscripcion', 'estado', 'fechaInscripcion', 'funcionario']);

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function toBoolean(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  if (v === 'Sí') return true; // what the export writes: no normalising needed
  if (v === 'No') return false;
  const key = searchKey(text(v));
  if (TRUE_WORDS.has(key)) return true;
  if (FALSE_WORDS.has(key)) return false;
  return v;
}

/** A cell of a form field's column as the schema's input; undefined for an empty cell. */
export function cellValue(field: string, v: unknown): unknown {
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

/** A column's name as Excel shows it: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function columnPlan(headers: readonly string[]): ColumnPlan {
  const refused = headers.map((h, i) => (h ? textRuleError(`Encabezado de la columna ${columnName(i)}`, h) : null));
  const fields = headers.map((h, i) => (h && !refused[i] ? columnField(h) : undefined));
  const used = fields.flatMap((field, column) => (field && !IGNORED.has(field) ? [{ field, column }] : []));
  return {
    fields,
    unknownHeaders: headers.filter((h, i) => h && !refused[i] && !fields[i]),
    refusedHeaders: refused.flatMap((motivo, i) => (motivo ? [{ campo: `Columna ${columnName(i)}`, motivo }] : [])),
    formColumns: used.filter(({ field }) => !SYSTEM_FIELDS.has(field)),
    systemColumns: used.filter(({ field }) => SYSTEM_FIELDS.has(field)),
  };
}

/** The system columns of a row; when a field has two columns, the later one wins. */
export function rowSystemFields(plan: ColumnPlan, values: readonly unknown[]): Omit<ImportedRow, 'data'> {
  const row: Omit<ImportedRow, 'data'> = {
    numeroInscripcion: null,
    finalizado: false,
    fechaInscripcion: null,
    funcionario: null,
  };
  for (const { field, column } of plan.systemColumns) {
    const value = values[column] ?? null;
    if (field === 'numeroInscripcion') {
      const n = typeof value === 'number' ? value : Number(text(value));
      row.numeroInscripcion = text(value) && Number.isInteger(n) && n > 0 ? n : null;
    } else if (field === 'estado') {
      row.finalizado = searchKey(text(value)) === 'finalizado';
    } else if (field === 'fechaInscripcion') {
      row.fechaInscripcion = typeof value === 'number' ? serialToInstant(value) : null;
    } else {
      row.funcionario = text(value).toLowerCase() || null;
    }
  }
  return row;
}

/** The whole row; when a form field has two columns, the later one wins unless its cell is empty. */
export function mapRow(plan: ColumnPlan, values: readonly unknown[]): ImportedRow {
  const data: Record<string, unknown> = {};
  for (const { field, column } of plan.formColumns) {
    const converted = cellValue(field, values[column] ?? null);
    if (converted !== undefined) data[field] = converted;
  }
  return { data, ...rowSystemFields(plan, values) };
}
