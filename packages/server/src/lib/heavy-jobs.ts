import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AppError } from '@inscripciones/shared/errors.ts';

/**
 * Imports and bulk exports are the server's heavy jobs: seconds of CPU and hundreds of megabytes. Each runs
 * its parsing or rendering in a child process of its own, with a heap ceiling, ended when the job ends, so
 * the event loop keeps answering everyone else and all of the job's memory is given back when it exits (a
 * worker thread left much of it with the server: docs/decisions/0012-export-memory.md, "Trabajos pesados en
 * procesos hijos"). An instance runs one at a time: two would share the two cores and the memory with no gain,
 * so the second is refused with a 429 and `Retry-After`.
 */
export const HEAVY_JOB_MSG = {
  busy: 'Hay otra importación o exportación en curso. Probá de nuevo en unos segundos.',
  importOutOfMemory:
    'La planilla necesita más memoria de la que el servidor dedica a una importación: dividila en varios archivos.',
} as const;

/** Seconds a refused client is told to wait: a 10,000-row import or Excel export takes a few. */
export const RETRY_AFTER_SECONDS = 5;

/** Heap ceilings of the job processes, in MB (measured by bench/heavy-jobs.ts; decision 0012). */
export interface HeavyJobLimits {
  importHeapMb: number;
  exportHeapMb: number;
}

const DEFAULT_HEAVY_JOB_LIMITS: HeavyJobLimits = { importHeapMb: 768, exportHeapMb: 256 };

class HeavyJobBusyError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super('RATE_LIMITED', HEAVY_JOB_MSG.busy);
  }
}

/**
 * What a job's process is told to open the database with (db/database.ts's DatabaseOptions, which lib/ does not
 * import): passed through as it is, only marked read-only here.
 */
export interface JobDatabase {
  dataDir: string;
  readOnly?: boolean;
  backgroundCheckpoints?: boolean;
}

export interface HeavyJobs<D extends JobDatabase = JobDatabase> {
  readonly limits: HeavyJobLimits;
  /** Takes the instance's one slot, or throws HeavyJobBusyError; call the returned function once, when done. */
  begin(): () => void;
  /** Starts the child process of a job: `file` under the import's or the exports' heap ceiling. */
  spawn(file: URL, heap: 'import' | 'export'): ChildProcess;
  /**
   * How an export's process opens the database itself (read-only: the bulk exports and the SQL backup), sent
   * to it over IPC, never in its environment.
   */
  readonly database: D;
}

export interface HeavyJobsSetup<D extends JobDatabase> {
  database: D;
  /** Told how long each collection after a job took (the server logs it). */
  onCollected?: (pauseMs: number) => void;
  /**
   * Where the job processes keep V8's compiled code of the modules they load (Node's compile cache), in
   * DATA_DIR: a job process then starts faster and smaller (decision 0012). The
   * processes write it with umask 077.
   */
  compileCacheDir?: string | undefined;
}

/** How long after a job frees the slot the server collects: its last bytes out, and out of a burst of requests. */
export const COLLECT_AFTER_MS = 1000;

/**
 * V8's gc extension (`--expose-gc`) with its options: `flavor: 'last-resort'` is V8's "collect all available
 * garbage" (several full collections that also shrink the young generation and give the freed pages back to
 * the system), what V8 itself does only near its heap limit.
 */
type ExposedGc = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;
/** The collection after a job: a full one that also returns V8's freed pages to the system. */
export const RELEASING_COLLECTION = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

/**
 * The server's share of a job (the upload and its checks, the import's rows, the file going out) and the
 * requests served meanwhile leave garbage in V8's old generation, which V8 frees only at its next major
 * collection, maybe never while the server is idle: the server stayed well above its idle size after
 * the benchmark's jobs. One collection a moment after each job gives it back (decision 0012, "La exportación
 * lee la base por su cuenta"). A plain `gc()` freed the heap but V8 kept its pages, grown new space
 * included, resident (after an import the heap shrank, resident memory did not);
 * the releasing collection returns them (below the idle server's size: decision 0012,
 * "La recolección que devuelve memoria"). Needs `--expose-gc` (npm start); without it, nothing is done.
 */
function collectorAfterJobs(isRunning: () => boolean, onCollected?: (pauseMs: number) => void) {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (!gc) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (isRunning()) return; // the next job's end collects
      const started = performance.now();
      gc(RELEASING_COLLECTION);
      onCollected?.(performance.now() - started);
    }, COLLECT_AFTER_MS).unref();
  };
}

export function createHeavyJobs<D extends JobDatabase>(
  { database, compileCacheDir, onCollected }: HeavyJobsSetup<D>,
  limits: HeavyJobLimits = DEFAULT_HEAVY_JOB_LIMITS,
): HeavyJobs<D> {
  let running = false;
  const collectSoon = collectorAfterJobs(() => running, onCollected);
  return {
    limits,
    database: { ...database, backgroundCheckpoints: false, readOnly: true },
    begin() {
      if (running) throw new HeavyJobBusyError();
      running = true;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running = false;
        collectSoon();
      };
    },
    spawn: (file, heap) =>
      heap === 'import'
        ? jobProcess(file, limits.importHeapMb, IMPORT_SEMI_SPACE_MB, compileCacheDir)
        : jobProcess(file, limits.exportHeapMb, EXPORT_SEMI_SPACE_MB, compileCacheDir),
  };
}

/**
 * The young generation of a job process, per semi-space: V8 otherwise grows it to 64 MB under a bulk job's
 * allocation rate (decision 0012). An export's live heap is small and its records die
 * young: 4 MB semi-spaces keep its process's resident memory lower, which the ZIP's 400 MB goal needs. The import keeps 16: its rows live for
 * the whole validation.
 */
const IMPORT_SEMI_SPACE_MB = 16;
const EXPORT_SEMI_SPACE_MB = 4;

/**
 * A child process for one job, running `file` (a TypeScript module, run by Node's type stripping). The old
 * generation is capped at `heapMb`; the young one at `semiSpaceMb` per semi-space. The process gets no secret: only what Node
 * itself reads from the environment. Messages go through IPC with structured clone (Dates and typed
 * arrays cross as such); stdin and stdout carry the job's bytes (the uploaded file, the rendered file),
 * stderr is kept for the report of a crash.
 */
function jobProcess(file: URL, heapMb: number, semiSpaceMb: number, compileCacheDir: string | undefined): ChildProcess {
  if (compileCacheDir) fs.mkdirSync(compileCacheDir, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = compileCacheDir ? { NODE_COMPILE_CACHE: compileCacheDir } : {};
  // glibc's allocator settings too (docs/operations.md): they keep the job's native memory from piling up.
  for (const name of [
    'PATH',
    'TZ',
    'LANG',
    'LC_ALL',
    'MALLOC_ARENA_MAX',
    'MALLOC_MMAP_THRESHOLD_',
    'MALLOC_TRIM_THRESHOLD_',
  ])
    if (process.env[name] !== undefined) env[name] = process.env[name];
  // Node creates the compile cache's folders before any of the job's code runs: the process must be born
  // with umask 077 (it inherits the server's at fork) for them to be private.
  const umask = process.umask(0o077);
  try {
    return forkJob(file, heapMb, semiSpaceMb, env);
  } finally {
    process.umask(umask);
  }
}

/** The fork itself, under the umask `jobProcess` set. */
function forkJob(file: URL, heapMb: number, semiSpaceMb: number, env: NodeJS.ProcessEnv): ChildProcess {
  return fork(fileURLToPath(file), [], {
    execArgv: [
      `--max-old-space-size=${heapMb}`,
      `--max-semi-space-size=${semiSpaceMb}`,
      '--disable-warning=ExperimentalWarning',
    ],
    env,
    serialization: 'advanced',
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
}

const STDERR_KEPT = 4096;

/**
 * How a job's process ended: `oom` when V8 stopped it at its heap ceiling (it prints "heap out of memory"
 * and aborts), `error` with the end of its stderr for anything else but a clean exit.
 */
export function processEnd(child: ChildProcess): Promise<{ ok: true } | { ok: false; oom: boolean; error: Error }> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (piece: string) => {
    stderr = (stderr + piece).slice(-STDERR_KEPT);
  });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ ok: false, oom: false, error }));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve({ ok: true });
      const oom = /heap out of memory|Reached heap limit/.test(stderr);
      resolve({ ok: false, oom, error: new Error(`job process ended (${signal ?? code}): ${stderr.trim()}`) });
    });
  });
}

/** What a job process that writes a file sends once every byte of it is on stdout. */
export const FILE_WRITTEN = { type: 'end' } as const;

/**
 * A job process's stdout as the file it writes. It ends only when the process has said the file is whole
 * (FILE_WRITTEN) and exited cleanly: a crash must not look like a short file. `done` runs at FILE_WRITTEN
 * (before the last bytes go out, so a client that asks again at once is not refused) and when the process
 * is gone, so maybe twice. Destroying the stream (a cancelled download) kills the process.
 */
export function processOutput(child: ChildProcess, done: () => void): Readable {
  const exited = processEnd(child);
  let written = false;
  const out = new PassThrough({
    destroy(err, callback) {
      child.kill('SIGKILL');
      callback(err);
    },
  });
  child.stdout!.pipe(out, { end: false });
  child.on('message', (m: { type?: unknown }) => {
    if (m.type !== FILE_WRITTEN.type) return;
    written = true;
    done();
  });
  void exited.then((end) => {
    done();
    if (out.destroyed) return;
    if (end.ok && written) out.end();
    else out.destroy(end.ok ? new Error('the job process ended before its file') : end.error);
  });
  return out;
}

/** An AppError as it crosses between processes (structured clone keeps only plain fields). */
export interface JobError {
  code: AppError['code'];
  message: string;
  fields: AppError['fields'];
}

export const toJobError = (e: unknown): JobError | null =>
  e instanceof AppError ? { code: e.code, message: e.message, fields: e.fields } : null;

export const fromJobError = ({ code, message, fields }: JobError): AppError => new AppError(code, message, fields);
