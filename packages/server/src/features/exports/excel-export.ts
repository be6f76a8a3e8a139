import { PassThrough, type Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { montevideoOffsetMs } from '@inscripciones/shared/montevideo-time.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { SIBLING_COLUMNS, SYSTEM_COLUMNS, siblingsToText } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { optionLabel } from '@inscripciones/shared/inscriptos/field-options.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { documentDerived } from '@inscripciones/shared/inscriptos/document-view.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { sheetWithHead, xlsxWriter } from '../../lib/xlsx-writer.ts';
import { firstOf, pacer } from './pacing.ts';

/**
 * The Excel export: one row per enrolment, one column per field with Spanish headers, readable values,
 * real Excel dates, a frozen and filtered header. exceljs's streaming writer (no shared strings) keeps
 * memory flat: rows are committed as they come. Every text is a string cell, never a formula, so a value
 * that starts with "=", "+", "-" or "@" cannot run when the file is opened; such cells also carry Excel's
 * quote prefix (lib/xlsx-quote-prefix.ts), so editing them or saving the sheet as CSV cannot make them run either.
 */
type Column = { header: string; key: string; width: number; value: (r: TInscripto) => unknown };

/**
 * Excel has no time zones: an instant is written as Montevideo's wall-clock time, which is what staff
 * expect to read in the cell. Whole seconds, as the import reads them back (the round trip is exact).
 */
function asDate(iso: unknown): Date | null {
  if (typeof iso !== 'string' || !iso) return null;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? null : new Date(Math.floor((ms + montevideoOffsetMs(ms)) / 1000) * 1000);
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
  {
    header: SYSTEM_COLUMNS.condicional,
    key: 'condicional',
    width: 12,
    value: (r) => documentDerived(r).condicional,
  },
  { header: SYSTEM_COLUMNS.estrato, key: 'estrato', width: 12, value: (r) => documentDerived(r).estrato },
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

/**
 * exceljs hands the sheet's XML to its zip archiver with no back-pressure, and the database driver answers
 * synchronously, so the event loop never turned during an export: the archiver could not compress anything
 * and a large sheet's whole XML waited in memory until the end. The writer reads how much XML is
 * waiting (in the stream the archiver reads the sheet from): over `high` it waits until it is under `low`,
 * so the archiver always has some to compress while the next rows are made.
 */
const SHEET_BACKLOG = { high: 1024 * 1024, low: 256 * 1024 };

/**
 * Bytes of the sheet's XML waiting for the archiver (undefined until the archiver has the sheet). Private to
 * exceljs, so excel-export.test.ts fails if an upgrade moves it.
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): number | undefined {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  const length = (input as { _writableState?: { length?: unknown } } | undefined)?._writableState?.length;
  return typeof length === 'number' ? length : undefined;
}

/** One enrolment's cells, in column order. */
export const excelRow = (record: TInscripto): unknown[] => EXCEL_COLUMNS.map((c) => c.value(record) ?? '');

/**
 * A streaming workbook writing to `out`, with the columns, date formats, frozen and filtered header in place.
 * Rows are added with `addRow(record)`, then `sheet.commit()` and `workbook.commit()`.
 */
export function excelWorkbook(out: Writable, escuela = '') {
  const { workbook, quotePrefix } = xlsxWriter(out);
  // The school (decision 0036) in the file's title and the printed page's header: row 1 stays the
  // headers the import reads.
  if (escuela) workbook.title = `Inscripciones · ${escuela}`;
  const columns = EXCEL_COLUMNS.map(({ header, key, width }) => ({
    header,
    key,
    width,
    ...(DATE_KEYS.has(key) ? { style: { numFmt: key === 'fechaNacimiento' ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm' } } : {}),
  }));
  const sheet = sheetWithHead(workbook, 'Inscriptos', columns);
  if (escuela) sheet.headerFooter = { ...sheet.headerFooter, oddHeader: `&L${escuela.replace(/&/g, '&&')}` };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXCEL_COLUMNS.length } };
  /** One enrolment's row, committed; text that could become a formula carries the quote prefix. */
  const addRow = (record: TInscripto) => quotePrefix(sheet.addRow(excelRow(record))).commit();
  return { workbook, sheet, addRow };
}

export function excelStream(records: AsyncIterable<TInscripto>, escuela = ''): Readable {
  const out = new PassThrough();
  const { workbook, sheet, addRow } = excelWorkbook(out, escuela);
  const pace = pacer({ yieldEvery: 50 });
  void (async () => {
    try {
      for await (const record of records) {
        if (out.destroyed) return; // the download was cancelled: stop reading the database
        addRow(record);
        await pace();
        // Respect the reader and the compressor: pause while either is behind.
        if (out.writableNeedDrain) await firstOf(out, ['drain', 'close']);
        if ((sheetBacklog(sheet) ?? 0) > SHEET_BACKLOG.high) {
          // No event says "less is waiting": look again every millisecond until the archiver has caught up.
          while (!out.destroyed && (sheetBacklog(sheet) ?? 0) > SHEET_BACKLOG.low) {
            await new Promise((r) => setTimeout(r, 1));
          }
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
