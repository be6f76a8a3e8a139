import { AppError } from '@inscripciones/shared/errors.ts';
import { IMPORT_LIMITS, importFileError, ZIP_SIGNATURE } from './import-limits.ts';
import { readPartStart, scanPart, zipParts } from './zip-parts.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * What an .xlsx would cost, judged from its ZIP before SheetJS opens it, on the server's thread and in well
 * under a second: the sizes its central directory declares (a zip bomb), the cells its sheets declare, and
 * its shared-strings table, counted as it is inflated in zlib's thread pool and only up to its ceiling. A 3.3 MB file whose shared
 * strings expand to 181 MB took SheetJS 8.6 s and 1.5 GB; its declared size now gets it a 413 at once,
 * and a file that understates that size stops after 32 MB of inflation.
 * What a file does not declare (or declares falsely) is bounded by the import worker's heap ceiling.
 * .xls files (CFB) have no such parts: the worker's ceiling bounds them.
 */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;
const DIMENSION = /<(?:\w+:)?dimension\s+ref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/i;

const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** Rows and columns of the range a worksheet declares at its start, or null when it declares none. */
export function declaredRange(xmlStart: string): { rows: number; columns: number } | null {
  const m = DIMENSION.exec(xmlStart);
  if (!m) return null;
  const [, c1, r1, c2 = c1!, r2 = r1!] = m;
  return {
    rows: Math.abs(Number(r2) - Number(r1)) + 1,
    columns: Math.abs(columnNumber(c2) - columnNumber(c1!)) + 1,
  };
}

/** Counts `<si>` elements (one per shared string) in pieces of XML, across the pieces' boundaries. */
function stringCounter() {
  const tag = Buffer.from('<si');
  let tail = Buffer.alloc(0);
  let count = 0;
  return {
    scan(piece: Buffer) {
      const xml = Buffer.concat([tail, piece]);
      for (let at = xml.indexOf(tag); at >= 0 && at + 3 < xml.length; at = xml.indexOf(tag, at + 3)) {
        const next = xml[at + 3];
        if (next === 0x3e || next === 0x20 || next === 0x2f) count += 1; // '>', ' ', '/'
      }
      tail = xml.subarray(Math.max(0, xml.length - 3));
    },
    get count() {
      return count;
    },
  };
}

export async function checkWorkbookCaps(buf: Buffer): Promise<void> {
  if (!buf.subarray(0, 4).equals(ZIP_SIGNATURE)) return; // not an .xlsx: the worker tells which
  const parts = zipParts(buf);
  if (!parts) throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);
  const declared = parts.reduce((sum, p) => sum + p.size, 0);
  if (declared > IMPORT_LIMITS.expandedBytes || parts.length > IMPORT_LIMITS.zipEntries) {
    throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importZipBomb);
  }
  for (const part of parts.filter((p) => WORKSHEET.test(p.name))) {
    const start = readPartStart(buf, part);
    const range = start && declaredRange(start.toString('latin1'));
    if (!range) continue;
    if (range.rows - 1 > IMPORT_LIMITS.rows)
      throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyRows(IMPORT_LIMITS.rows));
    if (range.rows * range.columns > IMPORT_LIMITS.cells)
      throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyCells(IMPORT_LIMITS.cells));
  }
  const strings = parts.find((p) => SHARED_STRINGS.test(p.name));
  if (strings) {
    // What it declares first (the hostile file declares its 181 MB), then what it holds, as zlib inflates it.
    if (strings.size > IMPORT_LIMITS.sharedStringBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyStrings);
    const counter = stringCounter();
    const read = await scanPart(buf, strings, IMPORT_LIMITS.sharedStringBytes, counter.scan);
    if (read === null) throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);
    if (read === 'too large' || counter.count > IMPORT_LIMITS.sharedStrings) {
      throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyStrings);
    }
  }
}
