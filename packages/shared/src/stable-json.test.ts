import { describe, expect, it } from 'vitest';
import { stableStringify } from './stable-json.ts';

describe('stableStringify', () => {
  it('serialises objects with sorted keys at every level', () => {
    expect(stableStringify({ b: 1, a: { d: [2, { z: 1, y: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":0,"z":1}]},"b":1}',
    );
  });

  it('gives equal values written in another key order the same text', () => {
    expect(stableStringify({ x: [{ b: 2, a: 1 }], y: 'ñ' })).toBe(stableStringify({ y: 'ñ', x: [{ a: 1, b: 2 }] }));
  });
});
