import { AppError } from '@inscripciones/shared/errors.ts';
import { HEAVY_JOB_MSG, isOutOfMemory, jobWorker, type ThreadError } from '../../lib/heavy-jobs.ts';
import type { ValidatedRows } from './validate-rows.ts';

export interface ImportJob {
  file: ArrayBuffer;
  today: Date;
  username: string;
}

export type ImportWorkerReply =
  ({ ok: true; unknownHeaders: string[] } & ValidatedRows) | { ok: false; error: ThreadError };

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
    let reply: ImportWorkerReply | undefined;
    let failure: unknown = new Error('the import worker ended without an answer');
    worker.once('message', (m: ImportWorkerReply) => (reply = m));
    worker.once('error', (e) => {
      failure = isOutOfMemory(e) ? new AppError('PAYLOAD_TOO_LARGE', HEAVY_JOB_MSG.importOutOfMemory) : e;
    });
    // Settled once the worker is gone, so its memory is given back before the import goes on.
    worker.once('exit', () => {
      if (!reply) reject(failure);
      else if (reply.ok) resolve(reply);
      else reject(new AppError(reply.error.code, reply.error.message));
    });
  });
}
