import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { APP_TIME_ZONE } from '@inscripciones/shared/constants.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { SIBLING_COLUMNS, SYSTEM_COLUMNS, siblingsToText } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { optionLabel } from '@inscripciones/shared/inscriptos/options.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';

/**
 * The Excel export: one row per enrolment, one column per field with Spanish headers, readable values,
 * real Excel dates, a frozen and filtered header. exceljs's streaming writer (no shared strings) keeps
 * memory flat: rows are committed as they come. Every text is a string cell, never a formula, so a value
 * that starts with "=", "+", "-" or "@" cannot run when the file is opened.
 */
type Column = { header: string; key: string; width: number; value: (r: TInscripto) => unknown };

/**
 * Excel has no time zones: an instant is written as Montevideo's wall-clock time, which is what staff
 * expect to read in the cell.
 */
function asDate(iso: unknown): Date | null {
  if (typeof iso !== 'string' || !iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: APP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, Number(p.value)]),
  );
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!));
}
/** A calendar date (YYYY-MM-DD) as midnight UTC, which Excel shows as that same day. */
const asDay = (ymd: unknown) =>
  typeof ymd === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? new Date(`${ymd}T00:00:00Z`) : null;

/** Column headers are also accepted by the import, so an exported file imports back. */
export const EXCEL_COLUMNS: Column[] = [
  { header: SYSTEM_COLUMNS.numeroInscripcion, key: 'numeroInscripcion', width: 14, value: (r) => r.numeroInscripcion },
  {
    header: SYSTEM_COLUMNS.estado,
    key: 'estado',
    width: 12,
    value: (r) => (r.estado === 'finalizado' ? 'Finalizado' : 'Pendiente'),
  },
  {
    header: SYSTEM_COLUMNS.fechaInscripcion,
    key: 'fechaInscripcion',
    width: 18,
    value: (r) => asDate(r.fechaInscripcion),
  },
  { header: SYSTEM_COLUMNS.funcionario, key: 'funcionario', width: 18, value: (r) => r.funcionario ?? '' },
  { header: SYSTEM_COLUMNS.createdBy, key: 'createdBy', width: 16, value: (r) => r.createdBy.username },
  { header: SYSTEM_COLUMNS.condicional, key: 'condicional', width: 12, value: (r) => (r.condicional ? 'Sí' : 'No') },
  { header: SYSTEM_COLUMNS.estrato, key: 'estrato', width: 12, value: (r) => r.estrato },
  ...INSCRIPTO_FIELDS.map((f): Column => {
    if (f.name === 'hermanosInscriben' || f.name === 'hermanosPrimaria') {
      const keys = SIBLING_COLUMNS[f.name];
      return { header: f.label, key: f.name, width: 40, value: (r) => siblingsToText(r[f.name], keys) };
    }
    if (f.name === 'fechaNacimiento')
      return { header: f.label, key: f.name, width: 14, value: (r) => asDay(r.fechaNacimiento) };
    if (f.name === 'ci') return { header: f.label, key: f.name, width: 13, value: (r) => (r.ci ? formatCi(r.ci) : '') };
    return {
      header: f.label,
      key: f.name,
      width: Math.min(30, Math.max(10, f.label.length)),
      value: (r) => optionLabel(f.name, r[f.name as keyof TInscripto]),
    };
  }),
];

const DATE_KEYS = new Set(['fechaInscripcion', 'fechaNacimiento']);

export function excelStream(records: AsyncIterable<TInscripto>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  workbook.creator = 'Inscripciones';
  const sheet = workbook.addWorksheet('Inscriptos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXCEL_COLUMNS.map(({ header, key, width }) => ({
    header,
    key,
    width,
    ...(DATE_KEYS.has(key) ? { style: { numFmt: key === 'fechaNacimiento' ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXCEL_COLUMNS.length } };

  void (async () => {
    try {
      for await (const record of records) {
        const row = sheet.addRow(Object.fromEntries(EXCEL_COLUMNS.map((c) => [c.key, c.value(record) ?? ''])));
        row.commit();
        // Respect the reader: pause while the response is not draining.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
