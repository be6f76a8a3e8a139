/**
 * The worker of this process is woken when a message is written here, instead of waiting for its next poll.
 * The message is written inside the caller's transaction, which commits a moment later: the worker looks again
 * shortly after (worker.ts). Other instances find it at their next poll.
 */
const oyentes = new Set<() => void>();

export function alEncolar(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

export function tocarTimbre(): void {
  for (const oyente of oyentes) oyente();
}
