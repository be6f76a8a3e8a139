import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS library loaded the first time it is used rather than when the server starts. pdfkit, exceljs
 * and qrcode take tens of megabytes of resident memory once loaded, and most servers seldom draw a PDF or a
 * spreadsheet themselves (the bulk ones are drawn in a job process: decision 0012, "La exportación lee la
 * base por su cuenta"). `require` keeps the callers synchronous; the first use pays the load, once.
 */
export function lazyLibrary<T>(name: string): () => T {
  let library: T | undefined;
  return () => (library ??= require(name) as T);
}
