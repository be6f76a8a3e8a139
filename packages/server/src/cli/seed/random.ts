import { mulberry32 } from '@inscripciones/shared/seeded-random.ts';

/** The generator's randomness: seeded, so the same options give the same records on every machine. */

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
