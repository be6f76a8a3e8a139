import { AppError } from '@inscripciones/shared/errors.ts';
import { fromThreadError, HEAVY_JOB_MSG, isOutOfMemory, jobWorker, type ThreadError } from '../../lib/heavy-jobs.ts';
import type { ValidatedRows } from './validate-rows.ts';

export interface ImportJob {
  file: ArrayBuffer;
  today: Date;
  username: string;
}

/**
 * The answer comes in slices, each sent when the server's thread asks for it after a turn of its event loop:
 * copying 10,000 rows in one message held it for a few hundred milliseconds on a loaded machine.
 */
export const REPLY_SLICE = 500;

export type ImportWorkerReply =
  | ({ type: 'rows' } & ValidatedRows)
  | { type: 'done'; unknownHeaders: string[] }
  | { type: 'failed'; error: ThreadError };

const WORKER = new URL('./import-worker.ts', import.meta.url);

/**
 * Reads and validates the file in a worker of its own (import-worker.ts) with a heap of `heapMb`. A file that
 * needs more gets a Spanish 413: the worker is ended by V8, the server is not touched.
 */
export function readAndValidate(
  file: Buffer,
  job: Omit<ImportJob, 'file'>,
  heapMb: number,
): Promise<{ unknownHeaders: string[] } & ValidatedRows> {
  const copy = new Uint8Array(file).buffer; // its own memory, moved to the worker rather than copied again
  const worker = jobWorker(WORKER, { ...job, file: copy }, heapMb, [copy]);
  return new Promise((resolve, reject) => {
    const result: ValidatedRows = { candidates: [], errores: [], avisos: [] };
    let end: Exclude<ImportWorkerReply, { type: 'rows' }> | undefined;
    let failure: unknown = new Error('the import worker ended without an answer');
    worker.on('message', (m: ImportWorkerReply) => {
      if (m.type !== 'rows') {
        end = m;
        void worker.terminate(); // it waits for nothing more
        return;
      }
      for (const c of m.candidates) result.candidates.push(c);
      for (const e of m.errores) result.errores.push(e);
      for (const a of m.avisos) result.avisos.push(a);
      setImmediate(() => worker.postMessage('next')); // after whatever else is waiting
    });
    worker.once('error', (e) => {
      failure = isOutOfMemory(e) ? new AppError('PAYLOAD_TOO_LARGE', HEAVY_JOB_MSG.importOutOfMemory) : e;
    });
    // Settled once the worker is gone, so its memory is given back before the import goes on.
    worker.once('exit', () => {
      if (!end) reject(failure);
      else if (end.type === 'done') resolve({ ...result, unknownHeaders: end.unknownHeaders });
      else reject(fromThreadError(end.error));
    });
  });
}
