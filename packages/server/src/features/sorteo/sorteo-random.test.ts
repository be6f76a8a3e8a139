import crypto from 'node:crypto';
import { hmacSourceJs } from '@inscripciones/shared/sorteo/draw-source.ts';
import { sha256Hex } from '@inscripciones/shared/sorteo/sha256.ts';
import { describe, expect, it } from 'vitest';
import { planRaffle } from '@inscripciones/shared/sorteo/plan.ts';
import { childResults, firstDifference } from '@inscripciones/shared/sorteo/results.ts';
import { chiSquarePValue, placementStatistic } from '@inscripciones/shared/test/chi-square.ts';
import { many, unidad } from '@inscripciones/shared/test/test-units.ts';
import { acceptUniform, commitment, hmacSource, participantsHash, type Mac } from './sorteo-random.ts';

const SEED = 'a3'.repeat(32);
const seedOf = (i: number) => crypto.createHash('sha256').update(`semilla ${i}`).digest('hex');

describe('the draw function (HMAC-SHA256, rejection sampling)', () => {
  it('is HMAC-SHA256(seed, "inscripciones-sorteo-v1|" + public value + "|" + k + "|" + attempt) mod n', () => {
    const rng = hmacSource(SEED, 'Lotería 12 34');
    const expected = (k: number, n: number) => {
      const hex = crypto
        .createHmac('sha256', Buffer.from(SEED, 'hex'))
        .update(`inscripciones-sorteo-v1|Lotería 12 34|${k}|0`, 'utf8')
        .digest('hex');
      return Number(BigInt(`0x${hex}`) % BigInt(n));
    };
    const ns = [2, 7, 10, 255, 1000, 5000];
    expect(ns.map((n) => rng.uniform(n))).toEqual(ns.map((n, k) => expected(k, n)));
    expect(rng.calls()).toBe(ns.length);
  });

  it('rejects the values that would bias the modulo and retries with the next attempt', () => {
    // 2^256 mod 3 = 1: the one value 2^256 − 1 is rejected.
    const top = (1n << 256n) - 1n;
    expect(acceptUniform(top, 3)).toBeNull();
    expect(acceptUniform(top - 1n, 3)).toBe(Number((top - 1n) % 3n));
    expect(acceptUniform(0n, 1)).toBe(0);
    const messages: string[] = [];
    const mac: Mac = (_key, message) => {
      messages.push(message);
      return message.endsWith('|0') ? 'f'.repeat(64) : '0'.repeat(63) + '5';
    };
    const rng = hmacSource(SEED, 'v', mac);
    expect(rng.uniform(3)).toBe(2);
    expect(messages).toEqual(['inscripciones-sorteo-v1|v|0|0', 'inscripciones-sorteo-v1|v|0|1']);
    expect(rng.uniform(3)).toBe(2);
    expect(messages.slice(2)).toEqual(['inscripciones-sorteo-v1|v|1|0', 'inscripciones-sorteo-v1|v|1|1']);
  });

  it('refuses a malformed seed or range', () => {
    expect(() => hmacSource('abc', '')).toThrow();
    expect(() => hmacSource(SEED, '').uniform(0)).toThrow(RangeError);
  });

  it('gives each value equally often (chi-square, 60,000 draws of a die)', () => {
    const rng = hmacSource(SEED, 'dado');
    const counts = Array(6).fill(0) as number[];
    for (let i = 0; i < 60_000; i++) counts[rng.uniform(6)]! += 1;
    const stat = counts.reduce((s, o) => s + (o - 10_000) ** 2 / 10_000, 0);
    expect(chiSquarePValue(stat, 5)).toBeGreaterThan(0.01);
  });

  it('commits to the seed and hashes the canonical participant list', () => {
    expect(commitment('00'.repeat(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    const units = [unidad(2, ['F']), unidad(1, ['M', 'F'])];
    expect(participantsHash(units)).toBe(participantsHash([...units].reverse()));
    expect(participantsHash(units)).not.toBe(participantsHash([unidad(1, ['M', 'F'])]));
  });
});

describe('raffles with the production source', () => {
  const units = [...many(1, 6, ['F', 'M']), ...many(20, 8, ['F'], true), ...many(40, 60, (i) => [i % 3 ? 'F' : 'M'])];
  const plazas = { nenas: 15, varones: 12 };

  it('always give the same result for the same seed and public value, and another for another', () => {
    const a = planRaffle(units, plazas, hmacSource(SEED, '4 8 15 16 23 42'));
    expect(firstDifference(planRaffle(units, plazas, hmacSource(SEED, '4 8 15 16 23 42')), a)).toBeNull();
    expect(
      firstDifference(planRaffle([...units].reverse(), plazas, hmacSource(SEED, '4 8 15 16 23 42')), a),
    ).toBeNull();
    expect(firstDifference(planRaffle(units, plazas, hmacSource(SEED, '4 8 15 16 23 43')), a)).not.toBeNull();
    expect(firstDifference(planRaffle(units, plazas, hmacSource(seedOf(1), '4 8 15 16 23 42')), a)).not.toBeNull();
  });

  it('give every participant of equal priority the expected chance (10,000 raffles, chi-square p > 0.01)', () => {
    const girls = many(1, 20, ['F']);
    const boys = many(101, 15, ['M']);
    const population = [...girls, ...boys];
    const wins = new Map<number, number>();
    const RUNS = 10_000;
    for (let run = 0; run < RUNS; run++) {
      const draws = planRaffle(population, { nenas: 8, varones: 6 }, hmacSource(seedOf(run), String(run % 37)));
      for (const r of childResults(population, draws))
        if (r.resultado === 'titular') wins.set(r.numero, (wins.get(r.numero) ?? 0) + 1);
    }
    const f = placementStatistic(
      girls.map((u) => wins.get(u.numero) ?? 0),
      RUNS,
      8 / 20,
    );
    const m = placementStatistic(
      boys.map((u) => wins.get(u.numero) ?? 0),
      RUNS,
      6 / 15,
    );
    const p = chiSquarePValue(f.stat + m.stat, f.df + m.df);
    expect(p, `χ² = ${(f.stat + m.stat).toFixed(2)}, df = ${f.df + m.df}`).toBeGreaterThan(0.01);
  }, 60_000);

  it('the plain-TypeScript SHA-256 and HMAC source of the verifier equal node:crypto', () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 100_000]) {
      const data = crypto.randomBytes(size);
      expect(sha256Hex(new Uint8Array(data))).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    }
    expect(sha256Hex('Ñandú — 🎲')).toBe(crypto.createHash('sha256').update('Ñandú — 🎲').digest('hex'));
    const node = hmacSource(SEED, 'Quiniela 0815 — dados');
    const js = hmacSourceJs(SEED, 'Quiniela 0815 — dados');
    for (let k = 0; k < 2000; k++) {
      const n = 1 + (k % 997);
      expect(js.uniform(n)).toBe(node.uniform(n));
    }
  });
});
