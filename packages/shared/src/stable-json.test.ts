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

  it('keeps list order and drops undefined, as JSON.stringify does', () => {
    expect(stableStringify({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(stableStringify({ l: [1, 2] })).not.toBe(stableStringify({ l: [2, 1] }));
  });

  it('keeps a "__proto__" key as data', () => {
    expect(stableStringify(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
  });
});
