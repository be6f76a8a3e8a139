import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { InscriptoRow } from '../../inscriptos-store/inscriptos-repository.ts';
import { jobWorker } from '../../lib/heavy-jobs.ts';
import type { Counts } from './bulk-pdf.ts';

/**
 * A bulk export rendered in a worker thread (export-worker.ts): the server's thread only reads the database,
 * BATCH rows at a time when the worker asks for them, and hands the file's bytes to the response. The worker
 * asks for the next rows while it draws the current ones, and sends its output in pieces of about 256 KB,
 * each acknowledged once the response has room for it: memory stays bounded whatever the record count,
 * and a slow or cancelled download stops the worker (and the database reads) within a piece.
 */
export type RenderedKind = 'excel' | 'pdf-all' | 'pdf-zip';

export interface ExportJob {
  kind: RenderedKind;
  counts: Counts;
  now: Date;
}

export type ToWorker = { type: 'rows'; rows: InscriptoRow[]; last: boolean } | { type: 'ack' };
export type FromWorker = { type: 'need' } | { type: 'chunk'; data: Uint8Array } | { type: 'end' };

const WORKER = new URL('./export-worker.ts', import.meta.url);
/** Rows per read and message: each is a short stretch of the server's thread (a query and a copy). */
export const BATCH = 100;

/** The file as a stream; `done` runs once the file is made or the worker gone (failed or cancelled), maybe twice. */
export function renderInWorker(
  job: ExportJob,
  rows: AsyncIterable<InscriptoRow>,
  heapMb: number,
  done: () => void,
): Readable {
  const source = rows[Symbol.asyncIterator]();
  let waitingForRoom = false;
  let ended = false;
  const worker: Worker = jobWorker(WORKER, job, heapMb);
  const out = new Readable({
    read() {
      if (!waitingForRoom) return;
      waitingForRoom = false;
      worker.postMessage({ type: 'ack' } satisfies ToWorker);
    },
    destroy(err, callback) {
      void worker.terminate();
      callback(err);
    },
  });

  async function sendRows() {
    try {
      const batch: InscriptoRow[] = [];
      let last = false;
      while (batch.length < BATCH && !last) {
        const next = await source.next();
        if (next.done) last = true;
        else batch.push(next.value);
      }
      if (!out.destroyed) worker.postMessage({ type: 'rows', rows: batch, last } satisfies ToWorker);
    } catch (err) {
      out.destroy(err as Error);
    }
  }

  worker.on('message', (m: FromWorker) => {
    if (m.type === 'need') void sendRows();
    else if (m.type === 'chunk') {
      if (out.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength))) {
        worker.postMessage({ type: 'ack' } satisfies ToWorker);
      } else waitingForRoom = true;
    } else {
      ended = true;
      done(); // before the last bytes go out, so a client that asks again at once is not refused
      out.push(null);
      void worker.terminate(); // its port keeps it alive otherwise
    }
  });
  worker.once('error', (err) => out.destroy(err));
  worker.once('exit', () => {
    void source.return?.(undefined);
    if (!ended && !out.destroyed) out.destroy(new Error('the export worker ended before the file'));
    done();
  });
  return out;
}
