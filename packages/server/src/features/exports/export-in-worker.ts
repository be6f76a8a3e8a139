import type { Readable } from 'node:stream';
import type { InscriptoRow } from '../../inscriptos-store/inscriptos-repository.ts';
import { processOutput, type FILE_WRITTEN, type HeavyJobs } from '../../lib/heavy-jobs.ts';
import type { TCicloRef } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { Counts } from './bulk-pdf.ts';

/**
 * A bulk export rendered in a child process (export-worker.ts): the server's thread only reads the database,
 * BATCH rows at a time when the process asks for them, and pipes the file's bytes from the process's stdout
 * to the response. The process asks for the next rows while it draws the current ones and writes to a pipe
 * that fills when the response has no room, which stops it: memory stays bounded whatever the record count,
 * and a slow or cancelled download stops the process (and the database reads). When it exits, all of its
 * memory goes back to the system.
 */
export type RenderedKind = 'excel' | 'pdf-all' | 'pdf-zip';

export interface ExportJob {
  kind: RenderedKind;
  /** The cycle the records belong to (each record carries it). */
  ciclo: TCicloRef;
  counts: Counts;
  now: Date;
}

export type ToWorker = { type: 'job'; job: ExportJob } | { type: 'rows'; rows: InscriptoRow[]; last: boolean };
export type FromWorker = { type: 'need' } | typeof FILE_WRITTEN;

const WORKER = new URL('./export-worker.ts', import.meta.url);
/** Rows per read and message: each is a short stretch of the server's thread (a query and a copy). */
export const BATCH = 100;

/** The file as a stream; `done` runs once the file is made or the process gone (failed or cancelled), maybe twice. */
export function renderInWorker(
  job: ExportJob,
  rows: AsyncIterable<InscriptoRow>,
  jobs: HeavyJobs,
  done: () => void,
): Readable {
  const source = rows[Symbol.asyncIterator]();
  const child = jobs.spawn(WORKER, 'export');
  const out = processOutput(child, done);
  child.once('exit', () => void source.return?.(undefined));
  const send = (m: ToWorker) => {
    if (child.connected) child.send(m);
  };

  async function sendRows() {
    try {
      const batch: InscriptoRow[] = [];
      let last = false;
      while (batch.length < BATCH && !last) {
        const next = await source.next();
        if (next.done) last = true;
        else batch.push(next.value);
      }
      if (!out.destroyed) send({ type: 'rows', rows: batch, last });
    } catch (err) {
      out.destroy(err as Error);
    }
  }

  child.on('message', (m: FromWorker) => {
    if (m.type === 'need') void sendRows();
  });
  send({ type: 'job', job });
  return out;
}
