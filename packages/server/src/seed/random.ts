/** The generator's randomness: seeded, so the same options give the same records on every machine. */

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  next: () => number;
  /** Integer in [min, max]. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted: <T>(table: readonly (readonly [T, number])[]) => T;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(0, list.length - 1)]!,
    weighted: (table) => {
      const total = table.reduce((sum, [, w]) => sum + w, 0);
      let x = next() * total;
      for (const [value, w] of table) {
        x -= w;
        if (x < 0) return value;
      }
      return table[table.length - 1]![0];
    },
  };
}
