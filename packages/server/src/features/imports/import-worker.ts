/**
 * The import's worker thread (import-in-worker.ts): reads the sheet and validates its rows, the seconds of
 * CPU and the memory of an import, away from the server's event loop and under a heap ceiling.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../../lib/heavy-jobs.ts';
import { readFirstSheet } from './workbook.ts';
import { columnPlan } from './row-mapper.ts';
import { validateRows } from './validate-rows.ts';
import type { ImportJob, ImportWorkerReply } from './import-in-worker.ts';

const { file, today, username } = workerData as ImportJob;
let reply: ImportWorkerReply;
try {
  const sheet = readFirstSheet(Buffer.from(file));
  const plan = columnPlan(sheet.headers);
  reply = {
    ok: true,
    unknownHeaders: plan.unknownHeaders,
    ...validateRows({ plan, rows: sheet.rows, today, username }),
  };
} catch (e) {
  const error = toThreadError(e);
  if (!error) throw e; // a bug: the worker's 'error' event carries it
  reply = { ok: false, error };
}
parentPort!.postMessage(reply);
