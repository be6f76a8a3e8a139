import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRAND_QUICKNET,
  mensajeDeRonda,
  momentoDeRonda,
  normalizarFirmaHex,
  randomnessDe,
  rondaDespuesDe,
} from './drand.ts';
import { QUICKNET_ROUNDS, RONDA_123 } from '../test/drand-rondas.ts';

describe('drand quicknet: the chain (decision 0027)', () => {
  it('has the chain hash of its info, so the public key is the chain’s', () => {
    const period = Buffer.alloc(4);
    period.writeUInt32BE(DRAND_QUICKNET.period);
    const genesis = Buffer.alloc(8);
    genesis.writeBigInt64BE(BigInt(DRAND_QUICKNET.genesisTime));
    const hash = createHash('sha256')
      .update(period)
      .update(genesis)
      .update(Buffer.from(DRAND_QUICKNET.publicKey, 'hex'))
      .update(Buffer.from(DRAND_QUICKNET.groupHash, 'hex'))
      .update(DRAND_QUICKNET.beaconId)
      .digest('hex');
    expect(hash).toBe(DRAND_QUICKNET.chainHash);
    expect(DRAND_QUICKNET.chainHash).toBe('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971');
  });

  it('signs SHA-256 of the round as 8 bytes big-endian', () => {
    for (const ronda of [1, 123, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
      const bytes = Buffer.alloc(8);
      bytes.writeBigUInt64BE(BigInt(ronda));
      expect(Buffer.from(mensajeDeRonda(ronda)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(() => mensajeDeRonda(0)).toThrow(RangeError);
    expect(() => mensajeDeRonda(1.5)).toThrow(RangeError);
  });
});

describe('drand quicknet: rounds and time', () => {
  it('puts round r at genesis + (r − 1) · 3 s', () => {
    expect(momentoDeRonda(1)).toBe('2023-08-23T15:09:27.000Z');
    expect(momentoDeRonda(2)).toBe('2023-08-23T15:09:30.000Z');
    expect(momentoDeRonda(123)).toBe('2023-08-23T15:15:33.000Z');
    expect(momentoDeRonda(657413)).toBe('2023-09-15T11:00:03.000Z');
    expect(momentoDeRonda(30662982)).toBe('2026-07-23T07:38:30.000Z');
    expect(() => momentoDeRonda(0)).toThrow(RangeError);
  });

  it('takes the first round strictly after an instant', () => {
    // Before the genesis: round 1.
    expect(rondaDespuesDe('2020-01-01T00:00:00Z')).toBe(1);
    expect(rondaDespuesDe('2023-08-23T15:09:26.999Z')).toBe(1);
    // At a round's exact instant: the next one; one millisecond before it: that round.
    expect(rondaDespuesDe('2023-08-23T15:09:27Z')).toBe(2);
    expect(rondaDespuesDe('2023-08-23T15:09:29.999Z')).toBe(2);
    expect(rondaDespuesDe('2023-08-23T15:09:30Z')).toBe(3);
    expect(rondaDespuesDe('2023-08-23T15:15:32.999Z')).toBe(123);
    expect(rondaDespuesDe('2023-08-23T15:15:33Z')).toBe(124);
    expect(rondaDespuesDe('2026-07-23T07:38:29Z')).toBe(30662982);
    expect(rondaDespuesDe('2026-07-23T07:38:30Z')).toBe(30662983);
    // Offsets other than Z name the same instant.
    expect(rondaDespuesDe('2026-07-23T04:38:29-03:00')).toBe(30662982);
    expect(() => rondaDespuesDe('mañana')).toThrow(RangeError);
  });

  it('agrees with momentoDeRonda around every boundary', () => {
    for (const ronda of [1, 2, 3, 1000, 657413, 30662982, 40_000_000]) {
      const at = Date.parse(momentoDeRonda(ronda));
      expect(rondaDespuesDe(new Date(at - 1).toISOString())).toBe(ronda);
      expect(rondaDespuesDe(new Date(at).toISOString())).toBe(ronda + 1);
      expect(Date.parse(momentoDeRonda(rondaDespuesDe(new Date(at - 1).toISOString())))).toBeGreaterThan(at - 1);
    }
  });
});

describe('drand quicknet: signatures as text', () => {
  it('normalises spaces, upper case and 0x, and refuses anything but 48 bytes of hex', () => {
    const { firma } = RONDA_123;
    expect(normalizarFirmaHex(`0X${firma.toUpperCase()}`)).toBe(firma);
    expect(normalizarFirmaHex(` ${firma.slice(0, 40)}\t${firma.slice(40)} `)).toBe(firma);
    expect(normalizarFirmaHex(firma.slice(0, -2))).toBeNull();
    expect(normalizarFirmaHex(`${firma}00`)).toBeNull();
    expect(normalizarFirmaHex(`${firma.slice(0, -1)}g`)).toBeNull();
    expect(normalizarFirmaHex('')).toBeNull();
  });

  it('derives the randomness the relays publish: SHA-256 of the signature', () => {
    for (const { firma, randomness } of QUICKNET_ROUNDS) if (randomness) expect(randomnessDe(firma)).toBe(randomness);
    expect(() => randomnessDe('xyz')).toThrow(RangeError);
  });
});
