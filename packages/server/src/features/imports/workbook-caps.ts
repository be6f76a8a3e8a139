import { AppError } from '@inscripciones/shared/errors.ts';
import { IMPORT_LIMITS, importFileError, ZIP_SIGNATURE } from './import-limits.ts';
import { readPartStart, scanPart, zipParts } from './zip-parts.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * What an .xlsx would cost, judged from its ZIP before SheetJS opens it, on the server's thread and in well
 * under a second: the sizes its central directory declares (a zip bomb), the cells its sheets declare, and
 * its shared-strings table, counted as it is inflated in zlib's thread pool and only up to its ceiling. A small file whose shared
 * strings expand a hundredfold kept SheetJS busy for seconds and gigabytes; its declared size now gets it a 413 at once,
 * and a file that understates that size stops after 32 MB of inflation.
 * What a file does not declare (or declares falsely) is bounded by the import worker's heap ceiling, and its
 * cells are counted there before SheetJS parses (checkSheetCells): a sheet whose `<dimension>` says A1:B2 and
 * holds 3,000,001 cells gets the same 413 as one that declares them.
 * .xls files (CFB) have no such parts: the worker's ceiling bounds them.
 */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;
const DIMENSION = /<(?:\w+:)?dimension\s+ref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/i;

const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** Rows and columns of the range a worksheet declares at its start, or null when it declares none. */
function declaredRange(xmlStart: string): { rows: number; columns: number } | null {
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

/**
 * Counts cell elements (`<c …>`, `<c/>`, with any namespace prefix: not `<col>` nor `<cfRule>`) in pieces of
 * XML, across the pieces' boundaries: a match is counted in the piece where it starts, once.
 */
function cellCounter() {
  const CELL = /<(?:[A-Za-z_][\w.-]{0,30}:)?c[\s>/]/g;
  const CARRY = 40; // longer than any match
  let tail = '';
  let count = 0;
  const countIn = (text: string, before: number) => {
    CELL.lastIndex = 0;
    for (let m = CELL.exec(text); m && m.index < before; m = CELL.exec(text)) count += 1;
  };
  return {
    scan(piece: Buffer) {
      const text = tail + piece.toString('latin1');
      const cut = Math.max(0, text.length - CARRY);
      countIn(text, cut);
      tail = text.slice(cut);
    },
    finish() {
      countIn(tail, tail.length);
      tail = '';
    },
    get count() {
      return count;
    },
  };
}

/**
 * The cells each worksheet holds, counted as it inflates (stopping once past the cap), whatever its
 * `<dimension>` declares: the caps judge what a sheet holds, not what it says. It runs in the import's process,
 * before SheetJS parses: inflating every sheet on the server's thread as well would double the work of an
 * honest import, and only a file that lies gets this far with too many cells.
 */
export async function checkSheetCells(buf: Buffer, maxCells = IMPORT_LIMITS.cells): Promise<void> {
  if (!buf.subarray(0, 4).equals(ZIP_SIGNATURE)) return;
  const parts = zipParts(buf);
  if (!parts) throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);
  for (const part of parts.filter((p) => WORKSHEET.test(p.name))) {
    const counter = cellCounter();
    const read = await scanPart(buf, part, IMPORT_LIMITS.expandedBytes, (piece) => {
      counter.scan(piece);
      return counter.count <= maxCells;
    });
    if (read === null) throw importFileError(INSCRIPTO_MSG.importNotSpreadsheet);
    if (read === 'too large') throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importZipBomb);
    counter.finish();
    if (counter.count > maxCells) throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyCells(maxCells));
  }
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
