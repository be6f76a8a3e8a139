import type { RandomSource } from '../sorteo/plan.ts';

/**
 * Random sources for tests (the production one, HMAC-SHA256 of the committed seed, lives in the server).
 * `seededSource`: xoshiro128** with rejection sampling, so it is as unbiased as the real one.
 */
export function seededSource(seed: number): RandomSource & { calls: number } {
  // splitmix32 to spread the seed over the four words.
  let x = seed >>> 0;
  const split = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const s = [split(), split(), split(), split()];
  const rotl = (v: number, k: number) => ((v << k) | (v >>> (32 - k))) >>> 0;
  const next32 = () => {
    const result = Math.imul(rotl(Math.imul(s[1]!, 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1]! << 9) >>> 0;
    s[2] = (s[2]! ^ s[0]!) >>> 0;
    s[3] = (s[3]! ^ s[1]!) >>> 0;
    s[1] = (s[1]! ^ s[2]!) >>> 0;
    s[0] = (s[0]! ^ s[3]!) >>> 0;
    s[2] = (s[2]! ^ t) >>> 0;
    s[3] = rotl(s[3]!, 11);
    return result;
  };
  const source = {
    calls: 0,
    uniform(n: number): number {
      source.calls += 1;
      if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`uniform(${n})`);
      const limit = Math.floor(2 ** 32 / n) * n;
      for (;;) {
        const v = next32();
        if (v < limit) return v % n;
      }
    },
  };
  return source;
}

/** Returns the given values in turn (each must be valid for its call): for scripted scenarios. */
export function scriptedSource(values: readonly number[]): RandomSource & { calls: number[] } {
  let i = 0;
  const source = {
    calls: [] as number[],
    uniform(n: number): number {
      source.calls.push(n);
      const v = values[i++] ?? 0;
      if (v >= n) throw new RangeError(`scripted value ${v} for uniform(${n})`);
      return v;
    },
  };
  return source;
}
