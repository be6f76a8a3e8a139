/**
 * What a bulk export does between records, so that the server stays responsive and its memory flat.
 *
 * - The database driver (better-sqlite3) answers synchronously, so a loop over records never gives the event
 *   loop a turn by itself: while a PDF masivo of 1,000 records was written, /api/health took 340 ms (median)
 *   and up to 1.1 s. The pacer yields a turn every `yieldEvery` records (a few milliseconds of work).
 * - The records and the library objects made for them die young, but enough survive a young collection to
 *   pile up in the old generation, which V8 collects late: without a full collection now and then, the
 *   server's peak memory grew with the number of records (Excel, 10,000 rows: 317 MB without, 253–285 MB
 *   with, against 222 MB for 1,000). When the server runs with --expose-gc (`npm start` does; see
 *   docs/decisions/0012-export-memory.md), the pacer asks for one every `collectEvery` records: about 15 ms
 *   each, 4 in an export of 10,000 records.
 */
import type { EventEmitter } from 'node:events';

const collect = (globalThis as { gc?: () => void }).gc;

export function pacer({ yieldEvery, collectEvery = 2_500 }: { yieldEvery: number; collectEvery?: number }) {
  let records = 0;
  return async (): Promise<void> => {
    records += 1;
    if (records % collectEvery === 0) collect?.();
    if (records % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
  };
}

/**
 * Resolves at the first of `events`, then removes its listeners: `Promise.race` of `events.once` would leave
 * the losers' listeners behind, one set per record (10,000 in a ZIP export).
 */
export function firstOf(emitter: EventEmitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.once(event, done);
  });
}
