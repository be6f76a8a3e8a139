import { describe, expect, it } from 'vitest';
import { conLimite } from './con-limite.ts';

describe('conLimite', () => {
  it('runs at most `limit` at once and keeps the items’ order', async () => {
    let running = 0;
    let most = 0;
    const out = await conLimite([30, 5, 20, 1, 10, 2], 3, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 10, 40, 2, 20, 4]);
    expect(most).toBe(3);
  });

  it('answers an empty list at once', async () => {
    expect(await conLimite([], 4, async () => 1)).toEqual([]);
  });

  it('rejects when a piece of work fails', async () => {
    await expect(conLimite([1, 2], 2, async (n) => (n === 2 ? Promise.reject(new Error('no')) : n))).rejects.toThrow(
      'no',
    );
  });
});
