/**
 * What a bulk export does between records. It runs in a worker thread (export-in-worker.ts), whose rows
 * arrive as messages: the pacer yields a turn every `yieldEvery` records so that those messages, the
 * acknowledgements of its output and the compressor's callbacks are taken between records rather than after
 * the last one (docs/decisions/0012-export-memory.md).
 */
import type { EventEmitter } from 'node:events';

export function pacer({ yieldEvery }: { yieldEvery: number }) {
  let records = 0;
  return async (): Promise<void> => {
    records += 1;
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
