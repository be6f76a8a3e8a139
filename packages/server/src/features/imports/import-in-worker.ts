import type { Readable } from 'node:stream';
import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { fromJobError, HEAVY_JOB_MSG, processEnd, type HeavyJobs, type JobError } from '../../lib/heavy-jobs.ts';
import { importFileError } from './import-limits.ts';
import type { ValidatedRows } from './validate-rows.ts';

export interface ImportJob {
  today: Date;
  username: string;
}

/** The uploaded file as @fastify/multipart streams it: `truncated` once it passed the size limit. */
export type Upload = Readable & { truncated?: boolean };

/** The whole upload (at most IMPORT_LIMITS.bytes), or the 413 or 400 that refuses it. */
export async function receive(upload: Upload): Promise<Buffer> {
  const pieces: Buffer[] = [];
  try {
    for await (const piece of upload) pieces.push(piece as Buffer);
  } catch {
    throw importFileError(INSCRIPTO_MSG.importNoFile);
  }
  if (upload.truncated) throw new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooLarge);
  return Buffer.concat(pieces);
}

/**
 * The answer comes in slices, each sent when the server asks for it after a turn of its event loop: copying
 * 10,000 rows in one message held it for a few hundred milliseconds on a loaded machine.
 */
export const REPLY_SLICE = 500;

export type ImportWorkerReply =
  ({ type: 'rows' } & ValidatedRows) | { type: 'done'; unknownHeaders: string[] } | { type: 'failed'; error: JobError };

const WORKER = new URL('./import-worker.ts', import.meta.url);

/**
 * Reads and validates the file in a child process of its own (import-worker.ts) under the import's heap
 * ceiling; the file goes to it on its stdin. A file that needs more memory gets a Spanish 413: V8 ends the
 * process, the server is not touched.
 */
export function readAndValidate(
  file: Buffer,
  job: ImportJob,
  jobs: HeavyJobs,
): Promise<{ unknownHeaders: string[] } & ValidatedRows> {
  const child = jobs.spawn(WORKER, 'import');
  const exited = processEnd(child);
  // A write after the process is gone fails with EPIPE: how it ended is what `exited` reports.
  child.stdin!.on('error', () => undefined);
  child.stdin!.end(file);
  child.send({ type: 'job', job });
  return new Promise((resolve, reject) => {
    const result: ValidatedRows = { candidates: [], errores: [], avisos: [] };
    let end: Exclude<ImportWorkerReply, { type: 'rows' }> | undefined;
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
      if (!exit.ok) reject(exit.oom ? new AppError('PAYLOAD_TOO_LARGE', HEAVY_JOB_MSG.importOutOfMemory) : exit.error);
      else if (end?.type === 'done') resolve({ ...result, unknownHeaders: end.unknownHeaders });
      else if (end?.type === 'failed') reject(fromJobError(end.error));
      else reject(new Error('the import process ended without an answer'));
    });
  });
}
