import { describe, expect, it } from 'vitest';
import { esperaReintento } from './espera.ts';

describe('back-off between attempts', () => {
  const o = { baseMs: 10_000, maxMs: 1_800_000 };

  it('doubles from the base up to the ceiling, drawn between half of it and all of it', () => {
    const lo = (n: number) => esperaReintento(n, o, () => 0);
    const hi = (n: number) => esperaReintento(n, o, () => 1);
    expect([1, 2, 3, 4].map(hi)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect([1, 2, 3, 4].map(lo)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(hi(30)).toBe(1_800_000);
    expect(lo(30)).toBe(900_000);
  });

  it('spreads messages that failed together', () => {
    const waits = new Set(Array.from({ length: 50 }, () => esperaReintento(3, o)));
    expect(waits.size).toBeGreaterThan(40);
  });
});
