/**
 * The child process of a bulk export (export-in-worker.ts): maps the rows the server sends and draws the
 * file with the same code as before (excel-export.ts, bulk-pdf.ts), away from the server's event loop, and
 * writes it to stdout (a pipe: writes wait while the server's response has no room).
 */
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { rowToInscripto } from '../../inscriptos-store/inscripto-mapper.ts';
import { FILE_WRITTEN } from '../../lib/heavy-jobs.ts';
import type { ExportJob, FromWorker, ToWorker } from './export-in-worker.ts';

// What this process writes (Node's compile cache in DATA_DIR, lib/heavy-jobs.ts) is private, as DATA_DIR is.
process.umask(0o077);

type Rows = Extract<ToWorker, { type: 'rows' }>;

const send = (m: FromWorker) => process.send!(m);
let onRows: ((m: Rows) => void) | undefined;
const job = await new Promise<ExportJob>((resolve) => {
  process.on('message', (m: ToWorker) => (m.type === 'job' ? resolve(m.job) : onRows?.(m)));
});
let finished = false;
// The server gone before the file was made: nothing more to do.
process.once('disconnect', () => finished || process.exit(1));

function requestRows(): Promise<Rows> {
  return new Promise((resolve) => {
    onRows = resolve;
    send({ type: 'need' });
  });
}

/** The records in order, the next batch asked for while this one is drawn. */
async function* records(): AsyncGenerator<TInscripto> {
  let pending = requestRows();
  for (;;) {
    const batch = await pending;
    if (!batch.last) pending = requestRows();
    for (const row of batch.rows) yield rowToInscripto(row, job.ciclo);
    if (batch.last) return;
  }
}

/** Loads only the library the file needs: exceljs or pdfkit and archiver (tens of MB each). */
async function render(): Promise<Readable> {
  if (job.kind === 'excel') return (await import('./excel-export.ts')).excelStream(records());
  const { allInscriptosPdf, pdfZip } = await import('./bulk-pdf.ts');
  return job.kind === 'pdf-all' ? allInscriptosPdf(records(), job.counts, job.now) : pdfZip(records());
}

for await (const chunk of (await render()) as AsyncIterable<Buffer>) {
  if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}
finished = true;
process.send!(FILE_WRITTEN satisfies FromWorker, () => process.disconnect());
