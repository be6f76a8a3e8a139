import { constants as bufferConstants } from 'node:buffer';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/**
 * SheetJS inflates each part of an .xlsx with its own JavaScript inflater, which keeps growing its output
 * for as long as the data goes on when the part's local header gives no size (streamed ZIPs, exceljs's
 * among them, write it after the data). A part that expands to gigabytes while the central directory
 * declares a few bytes (a zip bomb that workbook.ts's size check cannot see) took that memory.
 *
 * SheetJS can inflate with Node's zlib instead (`CFB.utils.use_zlib`). It is given zlib's one-shot inflate
 * with a ceiling: while `withInflateLimit` runs, all parts together may produce at most its byte count, and
 * zlib stops with ERR_BUFFER_TOO_LARGE past it. (SheetJS refuses Node 24's zlib itself: it checks for
 * `bytesRead`, which Node removed; this adapter reports the same count.) Native inflate is faster too.
 */
let left = bufferConstants.MAX_LENGTH;

function InflateRaw() {
  let consumed = 0;
  return {
    _finishFlushFlag: zlib.constants.Z_FINISH,
    get bytesRead() {
      return consumed;
    },
    /** What SheetJS calls: the part's deflated data (followed by the rest of the file) → its bytes. */
    _processChunk(chunk: Uint8Array): Buffer {
      const { buffer, engine } = zlib.inflateRawSync(chunk, {
        maxOutputLength: Math.max(1, left),
        info: true,
      }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
      consumed = engine.bytesWritten;
      left -= buffer.length;
      return buffer;
    },
  };
}
(XLSX.CFB as { utils: { use_zlib(z: object): void } }).utils.use_zlib({
  InflateRaw,
  deflateRawSync: zlib.deflateRawSync,
});

/** Runs a synchronous read of a ZIP with SheetJS, letting its parts expand to `bytes` in all. */
export function withInflateLimit<T>(bytes: number, read: () => T): T {
  left = bytes;
  try {
    return read();
  } finally {
    left = bufferConstants.MAX_LENGTH;
  }
}

/** The error zlib throws when a part would pass the limit. */
export const isInflateLimit = (e: unknown) => (e as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
