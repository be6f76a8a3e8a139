import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is a UUIDv7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 23, 21, 0, 0, 123);
    const id = newId(at);
    expect(id).toMatch(V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('keeps ids made in the same millisecond, and after the clock goes back, in creation order', () => {
    const at = Date.UTC(2027, 0, 1);
    const ids = Array.from({ length: 5000 }, (_, i) => newId(i === 4000 ? at - 10 : at));
    expect(ids.every((id) => V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
