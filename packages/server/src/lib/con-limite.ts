/**
 * `work` over every item with at most `limit` running at once; the results in the items' order. For reads that
 * visit every school of the network: in parallel, yet never holding all of a shared pool's connections.
 */
export async function conLimite<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
