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
  // What is read is the range of the cells it holds, never the one declared: an .xlsx whose <dimension> says
  // A1:B2 over 30 rows was read as one row. The caps apply to that range as they did to the declared one.
  const range = cellRange(sheet);
  if (!range) throw importFileError(INSCRIPTO_MSG.importEmpty);
  if (range.e.r - range.s.r > IMPORT_LIMITS.rows)
    throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyRows(IMPORT_LIMITS.rows));
  if ((range.e.r - range.s.r + 1) * (range.e.c + 1) > IMPORT_LIMITS.cells)
    throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyCells(IMPORT_LIMITS.cells));
  sheet['!ref'] = XLSX.utils.encode_range(range);

  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, MATRIX_OPTIONS);
  const [headerRow, ...body] = matrix;
  const headers = (headerRow ?? []).map((h) => (h === null || h === undefined ? '' : String(h).trim()));
  if (!headers.some(Boolean)) throw importFileError(INSCRIPTO_MSG.importNoHeaders);
  const rows: SheetRow[] = [];
  body.forEach((values, i) => {
    if (values.some((v) => v !== null && v !== '')) rows.push({ fila: range.s.r + i + 2, values });
  });
  if (!rows.length) throw importFileError(INSCRIPTO_MSG.importEmpty);
  return { headers, rows };
}

/**
 * From column A (so a column's index is its letter) and from the first row holding a cell (the header) to the
 * last row and column holding one, as parsed: a dense sheet keeps every cell it read, whatever `!ref` says.
 * Null when it holds none.
 */
function cellRange(sheet: XLSX.WorkSheet): XLSX.Range | null {
  const data = sheet['!data'] ?? [];
  let range: XLSX.Range | null = null;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row?.some((cell) => cell !== undefined)) continue;
    range ??= { s: { r, c: 0 }, e: { r, c: 0 } };
    range.e.r = r;
    range.e.c = Math.max(range.e.c, row.length - 1);
  }
  return range;
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
