import { sha256, toHex } from './sha256.ts';

/**
 * drand's quicknet chain (docs/decisions/0027): the public randomness beacon of the League of Entropy, one round
 * every 3 seconds since its genesis, each round a BLS signature of the round number made by a threshold of the
 * network's nodes. Nobody, the operator included, can know a round's signature before its time, nor choose it:
 * there is exactly one valid signature per round, and anyone checks it against the chain's public key.
 *
 * Pure code shared by the server, the CLI and the browser. This file is the chain's arithmetic, light enough for
 * the board; the signature check, which needs a pairing library, is in drand-verificar.ts. The constants are the chain's `/info`, the same in
 * drand's own clients (drand/tlock-js `src/drand/defaults.ts`) and in independent verifiers (ChainSafe/forest
 * `src/beacon/tests/fixtures/drand_quicknet.json`, noislabs/drand-verify `src/verify.rs`).
 */
export const DRAND_QUICKNET = {
  /** The chain hash: what names the chain on every relay (`/<hash>/info`, `/<hash>/public/<ronda>`). */
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  /** The group public key: a compressed G2 point (96 bytes). */
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  /** Unix seconds of round 1 (2023-08-23T15:09:27Z). */
  genesisTime: 1692803367,
  /** Seconds between rounds. */
  period: 3,
  /**
   * The group hash. With the rest it makes the chain hash: SHA-256(period as 4 bytes big-endian ‖ genesis as 8
   * bytes big-endian ‖ public key ‖ group hash ‖ "quicknet"), so the public key above is the chain's.
   */
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  schemeId: 'bls-unchained-g1-rfc9380',
  beaconId: 'quicknet',
  /** RFC 9380 hash-to-curve domain separation tag of the scheme (hash to G1). */
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
  /** A signature is a compressed G1 point. */
  signatureBytes: 48,
} as const;

const GENESIS_MS = DRAND_QUICKNET.genesisTime * 1000;
const PERIOD_MS = DRAND_QUICKNET.period * 1000;

function assertRonda(ronda: number): void {
  if (!Number.isSafeInteger(ronda) || ronda < 1) throw new RangeError(`Ronda de drand inválida: ${ronda}`);
}

/** The instant of a round (its `genesis + (ronda − 1) · period`), ISO-8601 UTC: round 1 is the genesis. */
export function momentoDeRonda(ronda: number): string {
  assertRonda(ronda);
  return new Date(GENESIS_MS + (ronda - 1) * PERIOD_MS).toISOString();
}

/**
 * The first round whose instant is strictly after `instante` (ISO-8601): round 1 for any instant before the
 * genesis; at the exact instant of round r, round r + 1. Throws on a string that is not a date.
 */
export function rondaDespuesDe(instante: string): number {
  const ms = Date.parse(instante);
  if (Number.isNaN(ms)) throw new RangeError(`Fecha inválida: ${instante}`);
  if (ms < GENESIS_MS) return 1;
  return Math.floor((ms - GENESIS_MS) / PERIOD_MS) + 2;
}

/** What a round signs: SHA-256 of the round number as 8 bytes, big-endian (unchained: no previous signature). */
export function mensajeDeRonda(ronda: number): Uint8Array {
  assertRonda(ronda);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(ronda));
  return sha256(bytes);
}

/**
 * A signature as canonical hex (96 lowercase hex digits), from text that may carry spaces, upper case or a
 * `0x` prefix; null when it is not 48 bytes of hex.
 */
export function normalizarFirmaHex(texto: string): string | null {
  const hex = texto.replace(/\s+/g, '').toLowerCase().replace(/^0x/, '');
  return /^[0-9a-f]{96}$/.test(hex) ? hex : null;
}

/** The bytes of canonical hex (as `normalizarFirmaHex` gives). */
export function bytesDeHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** drand's `randomness` of a round: hex(SHA-256(signature bytes)). Throws when `firmaHex` is not a signature. */
export function randomnessDe(firmaHex: string): string {
  const hex = normalizarFirmaHex(firmaHex);
  if (!hex) throw new RangeError('La firma de drand debe tener 96 dígitos hexadecimales');
  return toHex(sha256(bytesDeHex(hex)));
}
