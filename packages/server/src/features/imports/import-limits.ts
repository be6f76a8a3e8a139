import { AppError } from '@inscripciones/shared/errors.ts';

/**
 * What an upload may be, and how a refusal reads: shared by the route, the checks of the file
 * (workbook-caps.ts) and the reading of it in the import's process (workbook.ts).
 */

/** The multipart field that carries the spreadsheet. */
export const IMPORT_FILE_FIELD = 'excelFile';

/** A 400 about the uploaded file, naming its field (DESIGN "API": a 400 lists the fields). */
export function importFileError(message: string): AppError {
  return new AppError('VALIDATION', message, [{ field: IMPORT_FILE_FIELD, label: 'Archivo Excel', message }]);
}

export const IMPORT_LIMITS = {
  bytes: 10 * 1024 * 1024,
  rows: 20_000,
  expandedBytes: 200 * 1024 * 1024,
  zipEntries: 2_000,
  /** Rows × columns a sheet may declare: 20,000 rows of the export's 124 columns fit. */
  cells: 3_000_000,
  /** The shared-strings table, expanded, and its strings (room for a large file of distinct names). */
  sharedStringBytes: 32 * 1024 * 1024,
  sharedStrings: 1_000_000,
};

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
