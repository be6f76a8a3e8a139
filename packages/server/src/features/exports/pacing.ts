/**
 * What a bulk export does between records, so that the server stays responsive and its memory flat.
 *
 * - The database driver (better-sqlite3) answers synchronously, so a loop over records never gives the event
 *   loop a turn by itself: a 10,000-page PDF held every other request for up to a second at a time. The pacer
 *   yields a turn every `yieldEvery` records (a few milliseconds of work).
 * - The records and the library objects made for them die young, but enough survive a young collection to
 *   pile up in the old generation, which V8 collects late: without a full collection now and then, the
 *   server's peak memory grew with the number of records (10,000 rows of Excel: +160 MB). When the server
 *   runs with --expose-gc (`npm start` does; docs/decisions/0012-export-memory.md), the pacer asks for one
 *   every `collectEvery` records: about 15 ms each, 4 in an export of 10,000 records.
 */
const collect = (globalThis as { gc?: () => void }).gc;

export function pacer({ yieldEvery, collectEvery = 2_500 }: { yieldEvery: number; collectEvery?: number }) {
  let records = 0;
  return async (): Promise<void> => {
    records += 1;
    if (records % collectEvery === 0) collect?.();
    if (records % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
  };
}
