import type { Readable } from 'node:stream';
import { AppError } from '@inscripciones/shared/errors.ts';
import { fromJobError, HEAVY_JOB_MSG, processEnd, type HeavyJobs, type JobError } from '../../lib/heavy-jobs.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { IMPORT_MSG, importFileError } from './import-limits.ts';
import type { ValidatedRows } from './validate-rows.ts';

export interface ImportJob {
  today: Date;
  username: string;
}

/** The uploaded file as @fastify/multipart streams it: `truncated` once it passed the size limit. */
export type Upload = Readable & { truncated?: boolean };

/**
 * The answer comes in slices, each sent when the server asks for it after a turn of its event loop: copying
 * 10,000 rows in one message held it for a few hundred milliseconds on a loaded machine.
 */
export const REPLY_SLICE = 500;

export type ImportWorkerReply =
  ({ type: 'rows' } & ValidatedRows) | { type: 'done'; unknownHeaders: string[] } | { type: 'failed'; error: JobError };

const WORKER = new URL('./import-worker.ts', import.meta.url);

/**
 * Judges, reads and validates the file in a child process of its own (import-worker.ts) under the import's heap
 * ceiling. The upload is piped to it as it arrives: the server's thread never holds the file. A file that
 * needs more memory gets a Spanish 413: V8 ends the process, the server is not touched.
 */
export function readAndValidate(
  upload: Upload,
  job: ImportJob,
  jobs: HeavyJobs,
): Promise<{ unknownHeaders: string[] } & ValidatedRows> {
  const child = jobs.spawn(WORKER, 'import');
  const exited = processEnd(child);
  // Writes after the process is gone fail with EPIPE: how it ended is what `exited` reports.
  child.stdin!.on('error', () => undefined);
  child.send({ type: 'job', job });
  return new Promise((resolve, reject) => {
    const result: ValidatedRows = { candidates: [], errores: [], avisos: [] };
    let end: Exclude<ImportWorkerReply, { type: 'rows' }> | undefined;
    let refused: AppError | Error | undefined;
    const stop = (e: AppError | Error) => {
      refused ??= e;
      child.kill('SIGKILL');
      upload.unpipe(child.stdin!);
      upload.resume(); // the rest of the request is read and dropped, so the answer reaches the client
    };
    upload.pipe(child.stdin!, { end: false });
    upload.once('end', () => {
      if (upload.truncated) stop(new AppError('PAYLOAD_TOO_LARGE', IMPORT_MSG.tooLarge));
      else child.stdin!.end();
    });
    upload.once('error', () => stop(importFileError(INSCRIPTO_MSG.importNoFile)));
    child.on('message', (m: ImportWorkerReply) => {
      if (m.type !== 'rows') {
        end = m;
        return;
      }
      for (const c of m.candidates) result.candidates.push(c);
      for (const e of m.errores) result.errores.push(e);
      for (const a of m.avisos) result.avisos.push(a);
      setImmediate(() => child.connected && child.send('next')); // after whatever else is waiting
    });
    // Settled once the process is gone, so its memory is given back before the import goes on.
    void exited.then((exit) => {
      if (!upload.readableEnded) stop(new Error('the import process ended before the upload'));
      if (refused) reject(refused);
      else if (!exit.ok)
        reject(exit.oom ? new AppError('PAYLOAD_TOO_LARGE', HEAVY_JOB_MSG.importOutOfMemory) : exit.error);
      else if (end?.type === 'done') resolve({ ...result, unknownHeaders: end.unknownHeaders });
      else if (end?.type === 'failed') reject(fromJobError(end.error));
      else reject(new Error('the import process ended without an answer'));
    });
  });
}
