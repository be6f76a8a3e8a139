import * as XLSX from '@e965/xlsx';
import { AppError } from '@inscripciones/shared/errors.ts';
import { isInflateLimit, withInflateLimit } from './bounded-inflate.ts';
import { IMPORT_LIMITS, importFileError, ZIP_SIGNATURE } from './import-limits.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * Reads the first sheet of an uploaded workbook (.xlsx or .xls, one code path: SheetJS 0.20.3 in dense
 * mode), refusing what is not a spreadsheet or would take unbounded memory: the format is checked by its
 * signature, an .xlsx that declares too much (a zip bomb, too many cells or shared strings) was refused
 * before it got here (workbook-caps.ts), one whose parts expand past 200 MB while declaring less is stopped
 * there (bounded-inflate.ts), and rows past the limit are never parsed. It runs in the import's worker.
 */
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export interface SheetRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  fila: number;
  /** The cells by column, as typed (numbers stay numbers, dates are serials). */
  values: unknown[];
}

/**
 * How the workbook is read: cell values only. Formatted text, HTML and styles are not built (the import
 * uses raw values): about 15 % less SheetJS time on a 10,000-row sheet.
 */
export const READ_OPTIONS: XLSX.ParsingOptions = {
  dense: true,
  cellDates: false,
  cellText: false,
  cellHTML: false,
  cellStyles: false,
  sheetRows: IMPORT_LIMITS.rows + 2,
  WTF: false,
};

/** The sheet as rows of cell values by column (the header is the first row). */
export const MATRIX_OPTIONS: XLSX.Sheet2JSONOpts = { header: 1, raw: true, blankrows: true, defval: null };

export function readFirstSheet(buf: Buffer): { headers: string[]; rows: SheetRow[] } {
  const isZip = buf.subarray(0, 4).equals(ZIP_SIGNATURE);
  const isCfb = buf.subarray(0, 8).equals(CFB_SIGNATURE);
  if (!isZip && !isCfb) throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);

  let workbook: XLSX.WorkBook;
  try {
    workbook = withInflateLimit(IMPORT_LIMITS.expandedBytes, () => XLSX.read(buf, READ_OPTIONS));
  } catch (e) {
    if (isInflateLimit(e)) throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importZipBomb);
    throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) throw importFileError(INSCRIPTO_MSG.importEmpty);
  // The declared range counts rows that sheetRows did not parse: a sheet of a million (even empty) rows stops here.
  const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1');
  if (full.e.r - full.s.r > IMPORT_LIMITS.rows)
    throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyRows(IMPORT_LIMITS.rows));

  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, MATRIX_OPTIONS);
  const [headerRow, ...body] = matrix;
  const headers = (headerRow ?? []).map((h) => (h === null || h === undefined ? '' : String(h).trim()));
  if (!headers.some(Boolean)) throw importFileError(INSCRIPTO_MSG.importNoHeaders);
  const rows: SheetRow[] = [];
  body.forEach((values, i) => {
    if (values.some((v) => v !== null && v !== '')) rows.push({ fila: i + 2, values });
  });
  if (!rows.length) throw importFileError(INSCRIPTO_MSG.importEmpty);
  return { headers, rows };
}

/** An Excel date serial as YYYY-MM-DD (the calendar day, free of time zones). */
export function serialToDay(serial: number): string | null {
  const d = XLSX.SSF.parse_date_code(serial);
  if (!d || !d.y) return null;
  return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
}

/** An Excel date-time serial, written as Montevideo wall-clock time (UTC−3, no DST since 2015), as ISO. */
export function serialToInstant(serial: number): string | null {
  const d = XLSX.SSF.parse_date_code(serial);
  if (!d || !d.y) return null;
  return new Date(Date.UTC(d.y, d.m - 1, d.d, d.H + 3, d.M, Math.floor(d.S))).toISOString();
}
