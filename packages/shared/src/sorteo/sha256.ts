import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), synchronous, for the verifier that runs in the browser as
 * well as in Node (docs/decisions/0020 "Cualquiera puede verificar"): @noble/hashes, audited and already here
 * under @noble/curves (drand). The server draws with node:crypto; tests compare both.
 */

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

export function fromHex(hex: string): Uint8Array {
  return hexToBytes(hex);
}

/** hex(SHA-256(UTF-8(text))) or of the given bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(nobleSha256(typeof data === 'string' ? utf8(data) : data));
}

/** HMAC-SHA256 under one key, its padded state prepared once: each message clones it (one draw per message). */
export function hmacSha256(key: Uint8Array): (message: string) => Uint8Array {
  const keyed = hmac.create(nobleSha256, key);
  return (message) => keyed.clone().update(utf8(message)).digest();
}
