import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { dataColumns, siblingCis } from '../../inscriptos-store/inscripto-mapper.ts';
import { mapRow, type ColumnPlan } from './row-mapper.ts';
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
}

export const fullName = (d: { nombre1?: string | undefined; apellido1?: string | undefined }) =>
  [d.nombre1, d.apellido1].filter(Boolean).join(' ') || 'sin nombre';

/** Each row on its own: shape (shared schema) and rules (date windows, year ranges, CIs). */
export function validateRows({ plan, rows, today, username }: ValidationJob): ValidatedRows {
  const candidates: Candidate[] = [];
  const errores: TImportResult['errores'] = [];
  for (const { fila, values } of rows) {
    const row = mapRow(plan, values);
    const parsed = ZInscriptoData.safeParse(row.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errores.push({ fila, campo: FIELD_LABELS[field] ?? field, motivo: issue.message });
      }
      continue;
    }
    const datos = stripEmpty(parsed.data);
    const problems = ruleErrors(datos, today);
    if (problems.length) {
      for (const motivo of problems) errores.push({ fila, campo: 'Inscripción', motivo });
      continue;
    }
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
    });
  }
  return { candidates, errores };
}
