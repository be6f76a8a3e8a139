import type { FieldError } from '@inscripciones/shared/errors.ts';
import { formatCi, ciCheckDigitWarning } from '@inscripciones/shared/inscriptos/ci.ts';
import { FIELD_OPTIONS } from '@inscripciones/shared/inscriptos/field-options.ts';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { cellValue, type ColumnPlan } from './row-mapper.ts';

/**
 * Why a row was refused, in words that let the secretary fix the file: the field, the value it held and, for a
 * field with a list, the values it takes ("Barrio: «Centroo» no es una opción válida (opciones: …)").
 */

type Error = TImportResult['errores'][number];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A cell as the secretary typed it: text trimmed, an Excel date as DD/MM/AAAA. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value).trim();
  const day = ISO_DAY.exec(text);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : text;
}

/** The cell of a field in a row: the later filled one when the field has two columns (as mapRow reads them). */
function cellOf(plan: ColumnPlan, values: readonly unknown[], field: string): unknown {
  let cell: unknown = undefined;
  for (const c of plan.formColumns) {
    const v = values[c.column];
    if (c.field === field && v !== null && v !== undefined && v !== '') cell = v;
  }
  return cell === undefined ? undefined : cellValue(field, cell);
}

/** One refused cell of the shared schema (`path` as zod gives it). */
export function razonDeCelda(
  fila: number,
  plan: ColumnPlan,
  values: readonly unknown[],
  path: readonly PropertyKey[],
  message: string,
): Error {
  const field = String(path[0] ?? '');
  const campo = FIELD_LABELS[field] ?? field;
  const cell = cellOf(plan, values, field);
  // A list of choices (razonElegirInstitucion): the element refused.
  const value = Array.isArray(cell) && typeof path[1] === 'number' ? cell[path[1]] : cell;
  const valor = shown(value);
  const options = FIELD_OPTIONS[field];
  if (options && valor && typeof value !== 'object') {
    const opciones = [...new Set(options.map((o) => o.label))];
    return { fila, campo, valor, motivo: INSCRIPTO_MSG.importOpcionInvalida(campo, valor, opciones) };
  }
  return valor ? { fila, campo, valor, motivo: message } : { fila, campo, motivo: message };
}

/** One broken rule of a row (date windows, year ranges, CIs): the field it names and the value it read. */
export function razonDeRegla(fila: number, datos: TInscriptoData, problem: FieldError): Error {
  const campo = problem.label || 'Inscripción';
  const value = (datos as Record<string, unknown>)[problem.field];
  const valor = typeof value === 'object' ? '' : shown(value);
  return valor ? { fila, campo, valor, motivo: problem.message } : { fila, campo, motivo: problem.message };
}

/**
 * The CIs of a row that will be imported but whose check digit is wrong: a warning, since a foreign document
 * goes in the same field ("Cédula 1.234.567-8: el dígito verificador no coincide…").
 */
export function avisosDeCedula(fila: number, datos: TInscriptoData): TImportResult['avisos'] {
  const avisos: TImportResult['avisos'] = [];
  if (datos.ci && ciCheckDigitWarning(datos.ci)) {
    avisos.push({ fila, motivo: INSCRIPTO_MSG.importCiVerificador(FIELD_LABELS.ci ?? 'Cédula', formatCi(datos.ci)) });
  }
  datos.hermanosInscriben?.forEach((h, i) => {
    if (h.ci && ciCheckDigitWarning(h.ci)) {
      avisos.push({ fila, motivo: INSCRIPTO_MSG.importCiVerificador(`Hermano ${i + 1}`, formatCi(h.ci)) });
    }
  });
  return avisos;
}
