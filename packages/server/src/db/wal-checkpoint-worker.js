import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * See wal-checkpointer.ts. Runs in its own thread with its own connection to the database file. Plain
 * JavaScript: a worker that loads TypeScript loads Node's type stripper too, which weighs
 * more than this whole thread.
 */
/** @type {{ file: string, intervalMs: number }} */
const { file, intervalMs } = workerData;
const db = new SQLite(file);

const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs and never waits for, or blocks, a reader or a writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
