import { describe, expect, it } from 'vitest';
import { LABEL_GAP_PX, axisLabelAnchor, axisLabelIndexes } from './axis-labels.ts';

/** The x of each label's centre, as the chart draws it, and the room between neighbours. */
function gaps(count: number, width: number) {
  const idx = axisLabelIndexes(count, width);
  const x = (i: number) => (count > 1 ? (i / (count - 1)) * width : width / 2);
  return idx.slice(1).map((i, k) => x(i) - x(idx[k]!));
}

describe("the daily chart's dates", () => {
  it('60 days at 1366 px (a 512 px plot): evenly spaced, the last one included, none on top of another', () => {
    const idx = axisLabelIndexes(60, 512);
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(59);
    for (const g of gaps(60, 512)) expect(g).toBeGreaterThanOrEqual(LABEL_GAP_PX);
  });

  it('the case that printed "22/1127/1": the date before the last gives way', () => {
    // 57 days, step 7: 0, 7, …, 56 and then 56 → the old chart also printed the last (56) beside 56 - 1.
    for (const count of [50, 57, 58, 61, 64, 90]) {
      for (const width of [200, 287, 512, 900]) {
        for (const g of gaps(count, width)) expect(g).toBeGreaterThanOrEqual(LABEL_GAP_PX);
        expect(axisLabelIndexes(count, width).at(-1)).toBe(count - 1);
      }
    }
  });

  it('few days: all of them when they fit, the last alone when even two do not', () => {
    expect(axisLabelIndexes(1, 300)).toEqual([0]);
    expect(axisLabelIndexes(3, 300)).toEqual([0, 1, 2]);
    expect(axisLabelIndexes(2, 40)).toEqual([1]);
    expect(axisLabelIndexes(0, 300)).toEqual([]);
  });

  it('the first date starts at its day, the last ends at its day, the others are centred', () => {
    expect(axisLabelAnchor(0, 10)).toBe('start');
    expect(axisLabelAnchor(9, 10)).toBe('end');
    expect(axisLabelAnchor(4, 10)).toBe('middle');
    expect(axisLabelAnchor(0, 1)).toBe('middle');
  });
});
