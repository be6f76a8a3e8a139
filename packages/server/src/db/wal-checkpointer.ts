import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies the log back into the database file in a checkpoint, which by default runs inside
 * the commit that takes the log past 1,000 pages (4 MB): on the server's only thread, with an fsync. A large
 * import writes much log and spent a noticeable part of its response there (for small saves it made no
 * measurable difference: bench:write). The server instead checkpoints from a worker thread with its own connection
 * every `intervalMs`; its own connection keeps SQLite's automatic checkpoint only as a safety net, at
 * SAFETY_NET_PAGES, should the worker fall behind or stop.
 */
export const SAFETY_NET_PAGES = 16_384; // 64 MB of log

export interface WalCheckpointer {
  /** Ends the worker and closes its connection; the last connection to close checkpoints what is left. */
  stop(): Promise<void>;
}

/** A failed checkpoint is retried at the next interval; a worker that dies leaves the safety net. Both are warned about. */
const warn = (message: string) => process.emitWarning(`Checkpoint del registro WAL: ${message}`);

export function startWalCheckpointer(file: string, { intervalMs = 1000 } = {}): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.js', import.meta.url), {
    workerData: { file, intervalMs },
  });
  worker.unref();
  worker.on('message', (m: { error?: string }) => m.error && warn(m.error));
  worker.on('error', (e) => warn(e.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
