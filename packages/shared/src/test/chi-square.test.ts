import { describe, expect, it } from 'vitest';
import { chiSquarePValue, placementStatistic } from './chi-square.ts';

describe('chiSquarePValue', () => {
  it.each([
    // Critical values at p = 0.01 and 0.05 from the standard tables.
    [6.635, 1, 0.01],
    [37.566, 20, 0.01],
    [30.578, 15, 0.01],
    [3.841, 1, 0.05],
    [67.505, 50, 0.05],
  ])('χ² = %d with %i df → p ≈ %d', (x, df, p) => {
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 4);
  });

  it('is 1 at zero and falls towards 0', () => {
    expect(chiSquarePValue(0, 5)).toBe(1);
    expect(chiSquarePValue(200, 5)).toBeLessThan(1e-30);
  });
});

describe('placementStatistic', () => {
  it('is 0 when every count is exactly expected', () => {
    expect(placementStatistic([400, 400, 400], 1000, 0.4)).toEqual({ stat: 0, df: 2 });
  });
});
