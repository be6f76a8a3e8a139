import { describe, expect, it } from 'vitest';
import { field, isFilled, toYear } from './rules-input.ts';

describe('isFilled (whitespace-only counts as empty)', () => {
  it.each([
    ['x', true],
    [0, true],
    [false, true],
    [['a'], true],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
    [[], false],
  ])('%j → %s', (value, expected) => {
    expect(isFilled(value)).toBe(expected);
  });
});

describe('toYear', () => {
  it.each([
    [2022, 2022],
    ['2022', 2022],
    [' 2022 ', 2022],
    [2022.5, undefined],
    ['20a2', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (value, expected) => {
    expect(toYear(value)).toBe(expected);
  });
});

describe('field', () => {
  it('reads own fields only', () => {
    expect(field({ nombre1: 'Ana' }, 'nombre1')).toBe('Ana');
    expect(field({}, 'toString')).toBeUndefined();
  });
});
