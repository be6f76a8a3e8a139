/**
 * The V8 settings the server runs with (docs/decisions/0012-export-memory.md): a young generation of at most
 * 16 MB per semi-space, which V8 otherwise grows to 64 MB under the allocation rate of a bulk export, and
 * `gc()`, which the exports call every 2,500 records so that short-lived garbage promoted to the old
 * generation does not wait for V8's late collection. Without them the server works, with a peak memory
 * that grows with the size of an export. `npm start` passes them; package.json is checked against this list.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16', '--expose-gc'] as const;

/** Whether this process was started with NODE_FLAGS (on the command line or in NODE_OPTIONS). */
export function hasNodeFlags(): boolean {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return NODE_FLAGS.every((flag) => given.includes(flag));
}
