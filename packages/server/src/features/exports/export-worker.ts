/**
 * The worker thread of a bulk export (export-in-worker.ts): maps the rows the server's thread sends and
 * draws the file with the same code as before (excel-export.ts, bulk-pdf.ts), away from the event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { rowToInscripto } from '../../inscriptos-store/inscripto-mapper.ts';
import type { ExportJob, FromWorker, ToWorker } from './export-in-worker.ts';

type Rows = Extract<ToWorker, { type: 'rows' }>;

const port = parentPort!;
const job = workerData as ExportJob;
const PIECE = 256 * 1024;
let onRows: ((m: Rows) => void) | undefined;
let onAck: (() => void) | undefined;
port.on('message', (m: ToWorker) => (m.type === 'rows' ? onRows?.(m) : onAck?.()));
const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

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
    for (const row of batch.rows) yield rowToInscripto(row);
    if (batch.last) return;
  }
}

/** Loads only the library the file needs: exceljs or pdfkit and archiver (tens of MB each). */
async function render(): Promise<Readable> {
  if (job.kind === 'excel') return (await import('./excel-export.ts')).excelStream(records());
  const { allInscriptosPdf, pdfZip } = await import('./bulk-pdf.ts');
  return job.kind === 'pdf-all' ? allInscriptosPdf(records(), job.counts, job.now) : pdfZip(records());
}

let pieces: Buffer[] = [];
let size = 0;
/** Sends what is gathered as one piece (its own memory, moved), and waits until the server has room for more. */
async function flush() {
  if (!size) return;
  const own = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    own.set(piece, at);
    at += piece.length;
  }
  pieces = [];
  size = 0;
  const acknowledged = new Promise<void>((resolve) => (onAck = resolve));
  send({ type: 'chunk', data: own }, [own.buffer]);
  await acknowledged;
}

for await (const chunk of (await render()) as AsyncIterable<Buffer>) {
  pieces.push(chunk);
  size += chunk.length;
  if (size >= PIECE) await flush();
}
await flush();
send({ type: 'end' });
