import { describe, expect, it } from 'vitest';
import { verificarFirmaDrand } from './drand-verificar.ts';
import { DEFAULT_CHAIN_ROUND_2, FASTNET_ROUND_1, QUICKNET_ROUNDS, RONDA_123 } from '../test/drand-rondas.ts';

describe('drand quicknet: verifying a round', () => {
  it.each(QUICKNET_ROUNDS)('verifies the published round $ronda', ({ ronda, firma }) => {
    expect(verificarFirmaDrand(ronda, firma)).toBe(true);
  });

  it('tolerates spaces, upper case and 0x in the signature', () => {
    const { firma } = RONDA_123;
    expect(verificarFirmaDrand(123, `0x${firma.toUpperCase()}`)).toBe(true);
    expect(verificarFirmaDrand(123, ` ${firma.slice(0, 40)} ${firma.slice(40)}\t`)).toBe(true);
  });

  it('refuses a signature of another round', () => {
    for (const { ronda, firma } of QUICKNET_ROUNDS) {
      expect(verificarFirmaDrand(ronda + 1, firma)).toBe(false);
      expect(verificarFirmaDrand(ronda === 1 ? 2 : ronda - 1, firma)).toBe(false);
    }
    expect(verificarFirmaDrand(2, QUICKNET_ROUNDS.find((r) => r.ronda === 1)!.firma)).toBe(false);
  });

  it('refuses a wrong signature: one changed digit, another point, its negation, the identity', () => {
    const { ronda, firma } = RONDA_123;
    // The last digit changed: usually not a point of the curve at all.
    expect(verificarFirmaDrand(ronda, firma.slice(0, -1) + (firma.endsWith('2') ? '3' : '2'))).toBe(false);
    // A valid point (round 3's signature), not this round's.
    expect(verificarFirmaDrand(ronda, QUICKNET_ROUNDS.find((r) => r.ronda === 3)!.firma)).toBe(false);
    // Its negation (the sign bit flipped): a valid point too.
    const negated = (parseInt(firma.slice(0, 2), 16) ^ 0x20).toString(16).padStart(2, '0') + firma.slice(2);
    expect(verificarFirmaDrand(ronda, negated)).toBe(false);
    // The compressed point at infinity.
    expect(verificarFirmaDrand(ronda, 'c0' + '00'.repeat(47))).toBe(false);
  });

  it('refuses malformed hex', () => {
    const { ronda, firma } = RONDA_123;
    expect(verificarFirmaDrand(ronda, firma.slice(0, -2))).toBe(false);
    expect(verificarFirmaDrand(ronda, `${firma}00`)).toBe(false);
    expect(verificarFirmaDrand(ronda, `${firma.slice(0, -1)}g`)).toBe(false);
    expect(verificarFirmaDrand(ronda, '')).toBe(false);
    expect(verificarFirmaDrand(ronda, 'ff'.repeat(48))).toBe(false);
    expect(verificarFirmaDrand(0, firma)).toBe(false);
    expect(verificarFirmaDrand(Number.NaN, firma)).toBe(false);
  });

  it('refuses signatures of the default chain and of fastnet', () => {
    expect(verificarFirmaDrand(2, DEFAULT_CHAIN_ROUND_2)).toBe(false);
    expect(verificarFirmaDrand(2, DEFAULT_CHAIN_ROUND_2.slice(0, 96))).toBe(false);
    expect(verificarFirmaDrand(1, FASTNET_ROUND_1)).toBe(false);
  });
});
