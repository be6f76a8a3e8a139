/**
 * The import's child process (import-in-worker.ts): receives the uploaded file on stdin (already judged by
 * workbook-caps.ts), reads the sheet and validates its rows: the seconds of CPU and the memory of an
 * import, away from the server's event loop and under a heap ceiling.
 */
import { toJobError } from '../../lib/heavy-jobs.ts';
import { readFirstSheet } from './workbook.ts';
import { checkSheetCells } from './workbook-caps.ts';
import { columnPlan } from './row-mapper.ts';
import { validateRows } from './validate-rows.ts';
import { REPLY_SLICE, type ImportJob, type ImportWorkerReply } from './import-in-worker.ts';

const send = (reply: ImportWorkerReply) => new Promise<void>((resolve) => process.send!(reply, () => resolve()));
let onNext: (() => void) | undefined;
const { today, username } = await new Promise<ImportJob>((resolve) => {
  process.on('message', (m: { type: 'job'; job: ImportJob } | 'next') => (m === 'next' ? onNext?.() : resolve(m.job)));
});
/** Resolves when the server has taken the last slice and asks for the next. */
const taken = () => new Promise<void>((resolve) => (onNext = resolve));

const pieces: Buffer[] = [];
for await (const piece of process.stdin) pieces.push(piece as Buffer);
const file = Buffer.concat(pieces);
pieces.length = 0;
try {
  await checkSheetCells(file);
  const sheet = readFirstSheet(file);
  const plan = columnPlan(sheet.headers);
  const { candidates, errores, avisos } = validateRows({ plan, rows: sheet.rows, today, username });
  for (let i = 0; i < Math.max(candidates.length, errores.length, avisos.length); i += REPLY_SLICE) {
    const next = taken();
    await send({
      type: 'rows',
      candidates: candidates.slice(i, i + REPLY_SLICE),
      errores: errores.slice(i, i + REPLY_SLICE),
      avisos: avisos.slice(i, i + REPLY_SLICE),
    });
    await next;
  }
  await send({ type: 'done', unknownHeaders: plan.unknownHeaders });
} catch (e) {
  const error = toJobError(e);
  if (!error) throw e; // a bug: the process ends with it on stderr
  await send({ type: 'failed', error });
}
process.disconnect();
