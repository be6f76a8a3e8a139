import type { z } from 'zod';
import {
  INSCRIPTO_DATA_KEYS,
  ZInscriptoData,
  type TInscriptoData,
} from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { strip, stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { withoutHidden } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { SYSTEM_COLUMNS } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { textRuleError } from '@inscripciones/shared/text-rule.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { dataColumns, siblingCis } from '../../data/inscriptos/inscripto-mapper.ts';
import { avisosDeCedula, razonDeCelda, razonDeRegla } from './import-razones.ts';
import { cellValue, mapRow, rowSystemFields, type ColumnPlan } from './row-mapper.ts';
import type { SheetRow } from './workbook.ts';

/**
 * A row that passed the shared schema and the date rules, with its stored columns already made: what is
 * left is to check it against the system and the rest of the file.
 */
export interface Candidate {
  fila: number;
  numero: number | null;
  /** Marked "Finalizado" in the file, complete and numbered: imported as finalised. */
  finalizado: boolean;
  /** Marked "Finalizado" in the file but incomplete or without a number: imported as pending, with a warning. */
  finalizadoIncompleto: boolean;
  fechaInscripcion: string | null;
  funcionario: string;
  ci: string | undefined;
  /** First name and first surname, for duplicate reports. */
  nombre: string;
  columns: ReturnType<typeof dataColumns>;
  hermanosCis: string[];
  /** What the possible-duplicates rule reads: small, it crosses from the worker. */
  identidad: Pick<
    TInscriptoData,
    'nombre1' | 'apellido1' | 'apellido2' | 'fechaNacimiento' | 'ci' | 'hermanosInscriben'
  >;
}

export interface ValidationJob {
  plan: ColumnPlan;
  rows: readonly SheetRow[];
  today: Date;
  /** Who imports: the funcionario of rows that name none. */
  username: string;
}

export interface ValidatedRows {
  candidates: Candidate[];
  errores: TImportResult['errores'];
  /** Rows left out because no form field has a value ("Fila N: sin datos reconocibles"). */
  avisos: TImportResult['avisos'];
}

/** A row whose filled cells are all in unknown, derived or system columns: it would be an empty enrolment. */
const NO_DATA = 'sin datos reconocibles';
const hasFormData = (datos: TInscriptoData) => Object.values(datos).some((v) => v !== undefined);

export const fullName = (d: { nombre1?: string | undefined; apellido1?: string | undefined }) =>
  [d.nombre1, d.apellido1].filter(Boolean).join(' ') || 'sin nombre';

const INVALID = Symbol('invalid');
/** Distinct cells remembered per column: option columns repeat a few values, names and CIs do not. */
const MEMO_PER_COLUMN = 1_000;
const FIELD_RULES = ZInscriptoData.shape as Record<string, z.ZodType>;
const FIELD_ORDER = new Map<string, number>(INSCRIPTO_DATA_KEYS.map((key, i) => [key, i]));

/**
 * `{ [fields[0]]: values[0], … }`, made by an object literal. A row built key by key becomes a slow
 * "dictionary" object in V8 past a dozen keys, and every read of it (the rules, JSON.stringify) pays: that
 * was a third of the validation's time. With a literal every row has one fast shape. The
 * keys are the schema's own field names (the caller checks them), never text from the file.
 */
function recordMaker(fields: readonly string[]): (values: readonly unknown[]) => TInscriptoData {
  const body = fields.map((field, i) => `${JSON.stringify(field)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${body} };`) as (values: readonly unknown[]) => TInscriptoData;
}

/**
 * The quick way to a row's form fields, for files of thousands of rows: each distinct cell of a column is
 * converted, checked by its field's rule in the shared schema and stripped once, and a row is put together
 * from those results in the schema's field order. It stores the same JSON as
 * `stripEmpty(ZInscriptoData.parse(row))` (a field left empty is present as undefined, which JSON and the
 * rules skip) because the schema has no rule across fields and, here, no field has two columns; otherwise
 * this returns null and every row is parsed whole. A row with an invalid cell gives INVALID: the caller
 * parses it whole, for the schema's own messages.
 */
function formFieldsReader(plan: ColumnPlan): ((values: readonly unknown[]) => TInscriptoData | typeof INVALID) | null {
  const fields = plan.formColumns.map((c) => c.field);
  const independent = !ZInscriptoData._zod.def.checks?.length && fields.every((f) => FIELD_ORDER.has(f));
  if (!independent || new Set(fields).size !== fields.length) return null;

  const ordered = [...plan.formColumns].sort((a, b) => FIELD_ORDER.get(a.field)! - FIELD_ORDER.get(b.field)!);
  const readers = ordered.map(({ field, column }) => {
    const rule = FIELD_RULES[field]!;
    const memo = new Map<unknown, unknown>();
    const read = (cell: unknown): unknown => {
      const known = memo.get(cell);
      if (known !== undefined || memo.has(cell)) return known;
      const converted = cellValue(field, cell);
      const parsed = converted === undefined ? { success: true, data: undefined } : rule.safeParse(converted);
      const value = parsed.success ? strip(parsed.data) : INVALID;
      // An object (a sibling list) is made anew for each row, so rows never share one.
      if (memo.size < MEMO_PER_COLUMN && (typeof value !== 'object' || value === null)) memo.set(cell, value);
      return value;
    };
    return { column, read };
  });
  const record = recordMaker(ordered.map((c) => c.field));
  const values: unknown[] = new Array(readers.length);
  return (cells) => {
    for (let i = 0; i < readers.length; i++) {
      const { column, read } = readers[i]!;
      const cell = cells[column] ?? null;
      const value = cell === null ? undefined : read(cell);
      if (value === INVALID) return INVALID;
      values[i] = value;
    }
    return record(values);
  };
}

/** Each row on its own: shape (shared schema) and rules (date windows, year ranges, CIs). */
export function validateRows({ plan, rows, today, username }: ValidationJob): ValidatedRows {
  const candidates: Candidate[] = [];
  // The header row is the sheet's row 1.
  const errores: TImportResult['errores'] = plan.refusedHeaders.map((h) => ({ fila: 1, ...h }));
  const avisos: TImportResult['avisos'] = [];
  const readFormFields = formFieldsReader(plan);
  for (const { fila, values } of rows) {
    let datos = readFormFields?.(values) ?? INVALID;
    if (datos === INVALID) {
      const parsed = ZInscriptoData.safeParse(mapRow(plan, values).data);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          errores.push(razonDeCelda(fila, plan, values, issue.path, issue.message));
        }
        continue;
      }
      datos = stripEmpty(parsed.data);
    }
    // What the form would hide is not stored, as on every other write (shown-when.ts).
    datos = withoutHidden(datos);
    if (!hasFormData(datos)) {
      avisos.push({ fila, motivo: NO_DATA });
      continue;
    }
    const problems = ruleErrors(datos, today);
    if (problems.length) {
      for (const problem of problems) errores.push(razonDeRegla(fila, datos, problem));
      continue;
    }
    const row = rowSystemFields(plan, values);
    // The one stored text that is not a form field: it follows the text rule too.
    const funcionarioError = row.funcionario && textRuleError(SYSTEM_COLUMNS.funcionario, row.funcionario);
    if (funcionarioError) {
      errores.push({ fila, campo: SYSTEM_COLUMNS.funcionario, motivo: funcionarioError });
      continue;
    }
    avisos.push(...avisosDeCedula(fila, datos));
    const funcionario = row.funcionario ?? username;
    const finalizable =
      row.numeroInscripcion !== null && missingForCompleteness({ ...datos, funcionario }).length === 0;
    candidates.push({
      fila,
      numero: row.numeroInscripcion,
      finalizado: row.finalizado && finalizable,
      finalizadoIncompleto: row.finalizado && !finalizable,
      fechaInscripcion: row.fechaInscripcion,
      funcionario,
      ci: datos.ci,
      nombre: fullName(datos),
      columns: dataColumns(datos),
      hermanosCis: siblingCis(datos),
      identidad: {
        nombre1: datos.nombre1,
        apellido1: datos.apellido1,
        apellido2: datos.apellido2,
        fechaNacimiento: datos.fechaNacimiento,
        ci: datos.ci,
        hermanosInscriben: datos.hermanosInscriben?.map((h) => ({ nombre: h.nombre, ci: h.ci })),
      },
    });
  }
  return { candidates, errores, avisos };
}
