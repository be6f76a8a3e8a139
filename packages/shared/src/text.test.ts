import { describe, expect, it } from 'vitest';
import { searchKey } from './text.ts';

describe('searchKey', () => {
  it.each([
    ['Martínez', 'martinez'],
    ['MUÑOZ  Güemes', 'munoz guemes'],
    ['  José   María ', 'jose maria'],
    ['Ñandú', 'nandu'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(searchKey(input)).toBe(expected);
  });
});
