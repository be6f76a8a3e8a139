import crypto from 'node:crypto';
import { CODIGO_ALFABETO, CODIGO_LARGO } from '@inscripciones/shared/estado/estado-schema.ts';

/**
 * The families' status codes (docs/decisions/0023): random, compared by SHA-256 digest in constant time, and
 * kept encrypted (AES-256-GCM) so staff can print the same code again.
 */

/** A 32-byte key for one purpose, derived from the server's secret (HKDF-SHA-256). */
export function claveDerivada(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'inscripciones', purpose, 32));
}

/** CODIGO_LARGO characters of CODIGO_ALFABETO, each drawn uniformly by the CSPRNG. */
export function nuevoCodigo(): string {
  let codigo = '';
  for (let i = 0; i < CODIGO_LARGO; i++) codigo += CODIGO_ALFABETO[crypto.randomInt(CODIGO_ALFABETO.length)];
  return codigo;
}

export const hashCodigo = (codigo: string): string => crypto.createHash('sha256').update(codigo).digest('hex');

/** Whether `codigo` hashes to `hash`, in time independent of where they differ. */
export function codigoCoincide(codigo: string, hash: string): boolean {
  const a = Buffer.from(hashCodigo(codigo), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** iv.tag.ciphertext, base64url; `contexto` (cycle and number) is bound as associated data. */
export function cifrarCodigo(key: Buffer, codigo: string, contexto: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(contexto));
  const data = Buffer.concat([cipher.update(codigo, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The code, or null when it was encrypted under another key (the server's secret changed). */
export function descifrarCodigo(key: Buffer, cifrado: string, contexto: string): string | null {
  try {
    const [iv, tag, data] = cifrado.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv!).setAAD(Buffer.from(contexto));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
