import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AppError } from '@inscripciones/shared/errors.ts';

/**
 * Imports and bulk exports are the server's heavy jobs: seconds of CPU and hundreds of megabytes. Each runs
 * its parsing or rendering in a worker thread of its own, with a heap ceiling, ended when the job ends, so
 * the event loop keeps answering everyone else and the job's heap goes with the worker (what the process
 * keeps after a worker is measured in docs/decisions/0012-export-memory.md, "Heavy jobs in worker
 * threads"). An instance runs one at a time: two would share the two cores and the memory with no gain, so
 * the second is refused with a 429 and `Retry-After`.
 */
export const HEAVY_JOB_MSG = {
  busy: 'Hay otra importación o exportación en curso. Probá de nuevo en unos segundos.',
  importOutOfMemory:
    'La planilla necesita más memoria de la que el servidor dedica a una importación: dividila en varios archivos.',
} as const;

/** Seconds a refused client is told to wait: a 10,000-row import or Excel export takes a few. */
export const RETRY_AFTER_SECONDS = 5;

/** Heap ceilings of the workers, in MB (measured by bench/heavy-jobs.ts; decision 0012). */
export interface HeavyJobLimits {
  importHeapMb: number;
  exportHeapMb: number;
}

export const DEFAULT_HEAVY_JOB_LIMITS: HeavyJobLimits = { importHeapMb: 768, exportHeapMb: 256 };

export class HeavyJobBusyError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super('RATE_LIMITED', HEAVY_JOB_MSG.busy);
  }
}

export interface HeavyJobs {
  readonly limits: HeavyJobLimits;
  /** Takes the instance's one slot, or throws HeavyJobBusyError; call the returned function once, when done. */
  begin(): () => void;
}

export function createHeavyJobs(limits: HeavyJobLimits = DEFAULT_HEAVY_JOB_LIMITS): HeavyJobs {
  let running = false;
  return {
    limits,
    begin() {
      if (running) throw new HeavyJobBusyError();
      running = true;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running = false;
      };
    },
  };
}

/**
 * A worker for one job. The old generation is capped at `heapMb`; the young one at 16 MB per semi-space,
 * which V8 otherwise grows to 64 MB under a bulk job's allocation rate (decision 0012).
 */
export function jobWorker(file: URL, workerData: unknown, heapMb: number, transferList: ArrayBuffer[] = []): Worker {
  const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 48 };
  return new Worker(file, { workerData, resourceLimits, transferList });
}

/** Whether a worker ended because it passed its heap ceiling. */
export const isOutOfMemory = (e: unknown) => (e as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** An AppError as it crosses between threads (structured clone keeps only plain fields). */
export interface ThreadError {
  code: AppError['code'];
  message: string;
  fields: AppError['fields'];
}

export const toThreadError = (e: unknown): ThreadError | null =>
  e instanceof AppError ? { code: e.code, message: e.message, fields: e.fields } : null;

export const fromThreadError = ({ code, message, fields }: ThreadError): AppError =>
  new AppError(code, message, fields);
