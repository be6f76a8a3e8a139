import type { TDocumentoRechazo } from '@inscripciones/shared/solicitudes/documentos.ts';

/** What a walk over a file's structure answers when the file fails it (the message is inspeccionar's). */
export type TCodigoFallo = Exclude<TDocumentoRechazo, 'TYPE_MISMATCH'>;
export type TFallo = { ok: false; codigo: TCodigoFallo };
export const fallo = (codigo: TCodigoFallo): TFallo => ({ ok: false, codigo });

/** A Buffer over the same memory (no copy), for indexOf, readUInt16BE and friends. */
export function vista(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Bytes some writers leave after the end of an image (NUL, 0xFF fill, white space): up to this many are
 * tolerated; anything else after the end is something hidden.
 */
export const TOLERANCIA_COLA = 64;

const RELLENO = new Set([0x00, 0xff, 0x09, 0x0a, 0x0d, 0x20]);

/** Whether buf[desde, hasta) is only padding. */
export function esRelleno(buf: Uint8Array, desde: number, hasta: number = buf.length): boolean {
  for (let i = desde; i < hasta; i++) if (!RELLENO.has(buf[i]!)) return false;
  return true;
}

/** Whether what follows `fin` is nothing, or a little padding. */
export const colaTolerable = (buf: Uint8Array, fin: number): boolean =>
  buf.length - fin <= TOLERANCIA_COLA && esRelleno(buf, fin);
