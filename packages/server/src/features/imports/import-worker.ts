/**
 * The import's worker thread (import-in-worker.ts): reads the sheet and validates its rows, the seconds of
 * CPU and the memory of an import, away from the server's event loop and under a heap ceiling.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../../lib/heavy-jobs.ts';
import { readFirstSheet } from './workbook.ts';
import { columnPlan } from './row-mapper.ts';
import { validateRows } from './validate-rows.ts';
import { REPLY_SLICE, type ImportJob, type ImportWorkerReply } from './import-in-worker.ts';

const { file, today, username } = workerData as ImportJob;
const port = parentPort!;
const send = (reply: ImportWorkerReply) => port.postMessage(reply);
/** Resolves when the server's thread has taken the last slice and asks for the next. */
const taken = () => new Promise<void>((resolve) => port.once('message', () => resolve()));
try {
  const sheet = readFirstSheet(Buffer.from(file));
  const plan = columnPlan(sheet.headers);
  const { candidates, errores, avisos } = validateRows({ plan, rows: sheet.rows, today, username });
  for (let i = 0; i < Math.max(candidates.length, errores.length, avisos.length); i += REPLY_SLICE) {
    send({
      type: 'rows',
      candidates: candidates.slice(i, i + REPLY_SLICE),
      errores: errores.slice(i, i + REPLY_SLICE),
      avisos: avisos.slice(i, i + REPLY_SLICE),
    });
    await taken();
  }
  send({ type: 'done', unknownHeaders: plan.unknownHeaders });
} catch (e) {
  const error = toThreadError(e);
  if (!error) throw e; // a bug: the worker's 'error' event carries it
  send({ type: 'failed', error });
}
