import type { RandomSource } from './plan.ts';
import { fromHex, hmacSha256, toHex } from './sha256.ts';

/**
 * The raffle's random source as docs/decisions/0008 defines it, in plain TypeScript so the browser and the
 * CLI replay with the same code: `uniform(n)`, k-th call, x = HMAC-SHA256(seed, "inscripciones-sorteo-v1|" +
 * publicValue + "|" + k + "|" + attempt) as a 256-bit big-endian integer, rejection-sampled.
 */
export const DRAW_DOMAIN = 'inscripciones-sorteo-v1';

const TWO_256 = 1n << 256n;

/** x < floor(2^256 / n) · n → x mod n; otherwise null (rejected: try the next attempt). */
export function acceptUniform(x: bigint, n: number): number | null {
  const m = BigInt(n);
  const limit = (TWO_256 / m) * m;
  return x < limit ? Number(x % m) : null;
}

/** `sign` returns the HMAC of one message as hex; the server passes node:crypto's, the verifier this file's. */
export function drawSource(
  valorPublico: string,
  sign: (message: string) => string,
): RandomSource & { calls: () => number } {
  let k = 0;
  return {
    calls: () => k,
    uniform(n: number): number {
      if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`uniform(${n})`);
      const call = k++;
      for (let attempt = 0; ; attempt++) {
        const value = acceptUniform(BigInt(`0x${sign(`${DRAW_DOMAIN}|${valorPublico}|${call}|${attempt}`)}`), n);
        if (value !== null) return value;
      }
    },
  };
}

export const isSeedHex = (seedHex: string) => /^[0-9a-f]{64}$/.test(seedHex);

/** The source with the plain-TypeScript HMAC (verifier). */
export function hmacSourceJs(seedHex: string, valorPublico: string): RandomSource & { calls: () => number } {
  if (!isSeedHex(seedHex)) throw new Error('La semilla debe ser 32 bytes en hexadecimal');
  const mac = hmacSha256(fromHex(seedHex));
  return drawSource(valorPublico, (m) => toHex(mac(m)));
}
