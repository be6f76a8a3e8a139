import crypto from 'node:crypto';
import { claveDerivada } from '../codigos.ts';

/**
 * Documents at rest (DESIGN wave 3): AES-256-GCM under a key derived from the server's secret for this
 * purpose only, a random 12-byte IV per document, and the document's place (school, application,
 * document) bound as associated data, so a stored document copied into another application's row does
 * not decrypt.
 *
 * Layout: version (1 byte) · IV (12) · tag (16) · ciphertext. The version byte is authenticated too;
 * a new key or algorithm gets a new version, and old rows stay readable while they are re-encrypted.
 */

const DOCUMENTO_CIFRADO_VERSION = 1;
const IV = 12;
const TAG = 16;
const CABECERA = 1 + IV + TAG;

/** The documents' key: claveDerivada(secret, 'documentos'). */
export const claveDocumentos = (secret: string): Buffer => claveDerivada(secret, 'documentos');

/** The associated data of one document: its ids, unambiguous whatever they contain. */
export function contextoDocumento(ids: { escuelaId: string; solicitudId: string; documentoId: string }): string {
  return JSON.stringify(['documento', ids.escuelaId, ids.solicitudId, ids.documentoId]);
}

const aad = (version: number, contexto: string) =>
  Buffer.concat([Buffer.from([version]), Buffer.from(contexto, 'utf8')]);

function comprobarClave(key: Uint8Array): void {
  if (key.length !== 32) throw new Error('documentos: the key must have 32 bytes');
}

export function cifrarDocumento(key: Uint8Array, bytes: Uint8Array, contexto: string): Buffer {
  comprobarClave(key);
  const iv = crypto.randomBytes(IV);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(aad(DOCUMENTO_CIFRADO_VERSION, contexto));
  const datos = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([Buffer.from([DOCUMENTO_CIFRADO_VERSION]), iv, cipher.getAuthTag(), datos]);
}

/**
 * The document, or null when it does not authenticate: altered, stored for another context, encrypted
 * under another key (the server's secret changed) or in a version this code does not know.
 */
export function descifrarDocumento(key: Uint8Array, cifrado: Uint8Array, contexto: string): Buffer | null {
  comprobarClave(key);
  if (cifrado.length < CABECERA || cifrado[0] !== DOCUMENTO_CIFRADO_VERSION) return null;
  const iv = cifrado.subarray(1, 1 + IV);
  const tag = cifrado.subarray(1 + IV, CABECERA);
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG });
    decipher.setAAD(aad(DOCUMENTO_CIFRADO_VERSION, contexto)).setAuthTag(tag);
    return Buffer.concat([decipher.update(cifrado.subarray(CABECERA)), decipher.final()]);
  } catch {
    return null;
  }
}
