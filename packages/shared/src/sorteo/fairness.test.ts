import { describe, expect, it } from 'vitest';
import { planRaffle, type RandomSource } from './plan.ts';
import { childResults } from './results.ts';
import type { TPlazas, TUnidad } from './schemas.ts';
import { chiSquarePValue, placementStatistic } from '../test/chi-square.ts';
import { seededSource } from '../test/test-random.ts';
import { many } from '../test/test-units.ts';

/**
 * Over 10,000 simulated raffles, participants of equal priority (same stage, same list) must each get a place
 * as often as expected: a chi-square test per class, p-value above 0.01. The seeds are fixed, so the test is
 * deterministic; a biased source is shown to fail the same test.
 */
const RUNS = 10_000;

interface Scenario {
  name: string;
  units: TUnidad[];
  plazas: TPlazas;
  /** Classes of equal priority: the unit numbers in each, and the chance each should have. */
  classes: { numeros: number[]; p: number }[];
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

const SCENARIOS: Scenario[] = [
  {
    name: 'common draw, both lists',
    units: [...many(1, 30, ['F']), ...many(101, 25, ['M'])],
    plazas: { nenas: 10, varones: 12 },
    classes: [
      { numeros: range(1, 30), p: 10 / 30 },
      { numeros: range(101, 25), p: 12 / 25 },
    ],
  },
  {
    name: 'sibling groups of two (girl and boy)',
    units: many(1, 12, ['F', 'M']),
    plazas: { nenas: 5, varones: 7 },
    classes: [{ numeros: range(1, 12), p: 5 / 12 }],
  },
  {
    name: 'siblings in primary, then the common draw',
    units: [...many(1, 15, ['F'], true), ...many(101, 20, ['F'])],
    plazas: { nenas: 6, varones: 0 },
    classes: [
      { numeros: range(1, 15), p: 6 / 15 },
      { numeros: range(101, 20), p: 0 },
    ],
  },
];

/** Sum of the per-class statistics and its p-value (classes with p = 0 or 1 must simply never / always win). */
function fairness(s: Scenario, source: (run: number) => RandomSource) {
  const wins = new Map<number, number>();
  for (let run = 0; run < RUNS; run++) {
    const draws = planRaffle(s.units, s.plazas, source(run));
    const placed = new Set(childResults(s.units, draws).flatMap((r) => (r.resultado === 'titular' ? [r.numero] : [])));
    for (const n of placed) wins.set(n, (wins.get(n) ?? 0) + 1);
  }
  let stat = 0;
  let df = 0;
  for (const c of s.classes) {
    const counts = c.numeros.map((n) => wins.get(n) ?? 0);
    if (c.p === 0 || c.p === 1) {
      expect(counts.every((o) => o === c.p * RUNS)).toBe(true);
      continue;
    }
    const part = placementStatistic(counts, RUNS, c.p);
    stat += part.stat;
    df += part.df;
  }
  return { stat, df, p: chiSquarePValue(stat, df) };
}

describe('fairness over 10,000 raffles (chi-square at p = 0.01)', () => {
  it.each(SCENARIOS)('$name', (s) => {
    const result = fairness(s, (run) => seededSource(1_000_003 * (run + 1)));
    expect(result.p, `χ² = ${result.stat.toFixed(2)}, df = ${result.df}`).toBeGreaterThan(0.01);
  });

  it('detects a biased source (one that slightly favours low values)', () => {
    const biased = (run: number): RandomSource => {
      const fair = seededSource(run + 1);
      return { uniform: (n) => Math.min(fair.uniform(n), fair.uniform(n) + (fair.uniform(4) === 0 ? 0 : n)) };
    };
    const result = fairness(SCENARIOS[0]!, biased);
    expect(result.p).toBeLessThan(0.01);
  });
});
