import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazyLibrary } from './lazy-library.ts';
import { quotePrefixer } from './xlsx-quote-prefix.ts';

const exceljs = lazyLibrary<typeof ExcelJS>('exceljs');

/**
 * The writer every spreadsheet of the system is made with (the enrolments' export, the raffle's results, the
 * places' tables): exceljs's streaming WorkbookWriter into `out`, without shared strings so rows are committed as
 * they come and memory stays flat, signed "Inscripciones"; `quotePrefix(row)` marks the text cells that could
 * read as a formula (xlsx-quote-prefix.ts) before the row is committed.
 */
export function xlsxWriter(out: Writable) {
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'Inscripciones';
  return { workbook, quotePrefix: quotePrefixer(workbook) };
}

/** A sheet whose first row holds its bold column heads, kept in view while scrolling unless `frozen` is false. */
export function sheetWithHead(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: Partial<ExcelJS.Column>[],
  frozen = true,
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, frozen ? { views: [{ state: 'frozen', ySplit: 1 }] } : undefined);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}
