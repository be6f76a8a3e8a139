import crypto from 'node:crypto';
import { DRAW_DOMAIN, drawSource, isSeedHex } from '@inscripciones/shared/sorteo/draw-source.ts';
import type { RandomSource } from '@inscripciones/shared/sorteo/plan.ts';
import { canonicalJson } from '@inscripciones/shared/sorteo/units.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';

/**
 * The provable randomness of the raffle (docs/decisions/0008), with node:crypto for the server's draws. The
 * verifier replays with the plain-TypeScript HMAC of the shared package (tested equal).
 */
export { acceptUniform } from '@inscripciones/shared/sorteo/draw-source.ts';

/** Written into every acta, so a reader can re-implement the verifier from the acta alone. */
export const DRAW_FUNCTION =
  'uniform(n), k-ésima llamada (k = 0, 1, 2, …): x = HMAC-SHA256(clave = los 32 bytes de la semilla, ' +
  `mensaje = UTF-8 de "${DRAW_DOMAIN}|" + valorPublico + "|" + k + "|" + intento), leído como entero de 256 bits ` +
  'big-endian; intento empieza en 0; si x < floor(2^256 / n) · n el resultado es x mod n, si no se repite con ' +
  'intento + 1 (sin sesgo de módulo). Mezclas: Fisher–Yates desde el final (i = m-1 … 1, j = uniform(i + 1)). ' +
  'compromiso = SHA-256 de los 32 bytes de la semilla; participantesHash = SHA-256 del JSON canónico de las ' +
  'unidades (ordenadas por número, integrantes por cédula y nombre).';

export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export function newSeed(): Buffer {
  return crypto.randomBytes(32);
}

/** The public commitment: SHA-256 of the seed's 32 bytes. */
export function commitment(seedHex: string): string {
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

export function participantsHash(units: readonly TUnidad[]): string {
  return sha256Hex(canonicalJson(units));
}

export type Mac = (key: Buffer, message: string) => string;

/**
 * HMAC-SHA256 as RFC 2104 defines it, H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), with the padded keys computed once
 * per raffle: four times faster than crypto.createHmac per call, and identical to it (tested).
 */
function hmacSha256For(key: Buffer): (message: string) => string {
  if (key.length > 64) throw new Error('HMAC key longer than the SHA-256 block');
  const ipad = Buffer.alloc(64, 0x36);
  const opad = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    ipad[i] = ipad[i]! ^ key[i]!;
    opad[i] = opad[i]! ^ key[i]!;
  }
  return (message) => {
    const inner = crypto.hash('sha256', Buffer.concat([ipad, Buffer.from(message, 'utf8')]), 'buffer');
    return crypto.hash('sha256', Buffer.concat([opad, inner]), 'hex');
  };
}

/**
 * The production random source: HMAC-SHA256(seed, domain | publicValue | k | attempt), rejection-sampled.
 * `mac` is replaceable only so tests can force the rejection path.
 */
export function hmacSource(seedHex: string, valorPublico: string, mac?: Mac): RandomSource & { calls: () => number } {
  if (!isSeedHex(seedHex)) throw new Error('La semilla debe ser 32 bytes en hexadecimal');
  const key = Buffer.from(seedHex, 'hex');
  return drawSource(valorPublico, mac ? (message) => mac(key, message) : hmacSha256For(key));
}
