import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesDeHex, DRAND_QUICKNET, mensajeDeRonda, normalizarFirmaHex } from './drand.ts';

/*
 * The check of a drand quicknet signature (docs/decisions/0027), apart from drand.ts because the pairing library
 * is heavy: what only shows a declared source (the board, the status) does not
 * load it. @noble/curves is imported by its narrowest entry, bls12-381.js.
 */

const short = bls12_381.shortSignatures;
let publicKey: ReturnType<typeof bls12_381.G2.Point.fromHex> | undefined;

/**
 * Whether `firmaHex` is quicknet's signature of round `ronda`: a valid compressed G1 point of the prime-order
 * subgroup, and e(firma, G2) = e(H(m), clave pública) with H the RFC 9380 hash to G1 (`DRAND_QUICKNET.dst`) of
 * `mensajeDeRonda(ronda)`. False for anything else (wrong length, not a point, another round, another chain),
 * never an exception.
 */
export function verificarFirmaDrand(ronda: number, firmaHex: string): boolean {
  if (!Number.isSafeInteger(ronda) || ronda < 1) return false;
  const hex = normalizarFirmaHex(firmaHex);
  if (!hex) return false;
  try {
    const firma = short.Signature.fromBytes(bytesDeHex(hex));
    if (firma.equals(bls12_381.G1.Point.ZERO)) return false;
    publicKey ??= bls12_381.G2.Point.fromHex(DRAND_QUICKNET.publicKey);
    return short.verify(firma, short.hash(mensajeDeRonda(ronda), DRAND_QUICKNET.dst), publicKey);
  } catch {
    return false;
  }
}
