/**
 * The child process of a bulk export (export-in-worker.ts): opens the database read-only with its own
 * connection, reads the cycle's records in batches, and draws the file with the same code as before
 * (excel-export.ts, bulk-pdf.ts), away from the server's event loop, writing it to stdout (a pipe: writes
 * wait while the server's response has no room).
 */
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { openDatabase } from '../../db/database.ts';
import { iterateAll } from '../../data/inscriptos/inscriptos-repository.ts';
import { rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { FILE_WRITTEN } from '../../lib/heavy-jobs.ts';
import { BATCH, type ExportJob } from './export-in-worker.ts';

const job = await new Promise<ExportJob>((resolve) => process.once('message', resolve));
let finished = false;
// The server gone before the file was made: nothing more to do.
process.once('disconnect', () => finished || process.exit(1));
const { db } = openDatabase(job.database);

async function* records(): AsyncGenerator<TInscripto> {
  for await (const row of iterateAll(db, job.ciclo.id, BATCH, job.ids)) yield rowToInscripto(row, job.ciclo);
}

/** Loads only the library the file needs: exceljs or pdfkit and archiver (tens of MB each). */
async function render(): Promise<Readable> {
  if (job.kind === 'excel') return (await import('./excel-export.ts')).excelStream(records(), job.escuela);
  const { allInscriptosPdf, pdfZip } = await import('./bulk-pdf.ts');
  return job.kind === 'pdf-all'
    ? allInscriptosPdf(records(), job.counts, job.now, job.escuela)
    : pdfZip(records(), job.escuela);
}

try {
  for await (const chunk of (await render()) as AsyncIterable<Buffer>) {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
  }
} finally {
  await db.destroy();
}
finished = true;
process.send!(FILE_WRITTEN, () => process.disconnect());
