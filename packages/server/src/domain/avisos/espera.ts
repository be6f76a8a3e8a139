/**
 * When to try a message again after its `intentos`-th attempt failed: exponential back-off with jitter. The
 * ceiling doubles from `baseMs` (10 s, 20 s, 40 s, … up to `maxMs`), and the wait is drawn between half the
 * ceiling and the ceiling, so messages that failed together (a provider's outage) do not all return at once.
 */
export function esperaReintento(intentos: number, o: { baseMs: number; maxMs: number }, random = Math.random): number {
  const techo = Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, intentos - 1));
  return Math.round(techo / 2 + random() * (techo / 2));
}
