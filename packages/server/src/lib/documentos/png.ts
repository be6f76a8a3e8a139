import zlib from 'node:zlib';
import { DOCUMENTO_MAX_PIXELES } from '@inscripciones/shared/solicitudes/documentos.ts';
import { type TFallo, fallo, vista } from './bytes.ts';

/**
 * PNG (ISO/IEC 15948): the chunk walk from the signature to IEND, checking each chunk's CRC, and the copy
 * without the chunks that carry metadata.
 */

export const PNG_FIRMA = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A chunk: from its length field to the end of its CRC. */
export type TChunkPng = { tipo: string; inicio: number; fin: number };
export type TRecorridoPng = { ok: true; chunks: TChunkPng[]; ancho: number; alto: number; fin: number } | TFallo;

/** Chunks in one file: 5 MB in IDAT chunks of 100 bytes; encoders write them of 8 KB or more. */
const MAX_CHUNKS = 50_000;
const CRITICOS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
/** Bit depths allowed for each colour type (table 11.1). */
const PROFUNDIDADES: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const LETRA = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/** Whether the bytes start with the PNG signature followed by an IHDR chunk. */
export function esPng(buf: Uint8Array): boolean {
  const b = vista(buf);
  return (
    b.length >= 16 &&
    b.subarray(0, 8).equals(PNG_FIRMA) &&
    b.readUInt32BE(8) === 13 &&
    b.toString('latin1', 12, 16) === 'IHDR'
  );
}

/**
 * Walks the chunks to IEND. MALFORMED on a bad CRC, a truncated chunk, an unknown critical chunk (a
 * decoder must refuse it), chunks out of order, an IHDR no decoder accepts or more than MAX_CHUNKS chunks; TOO_MANY_PIXELS when the
 * declared size exceeds DOCUMENTO_MAX_PIXELES. `fin` is the end of IEND: what follows is the caller's to judge.
 */
export function recorrerPng(bytes: Uint8Array): TRecorridoPng {
  const buf = vista(bytes);
  if (!esPng(buf)) return fallo('MALFORMED');
  const chunks: TChunkPng[] = [];
  let pos = 8;
  let ancho = 0;
  let alto = 0;
  let tipoColor = -1;
  let hayPlte = false;
  let idat: 'antes' | 'dentro' | 'despues' = 'antes';
  for (;;) {
    if (pos + 12 > buf.length || chunks.length === MAX_CHUNKS) return fallo('MALFORMED');
    const largo = buf.readUInt32BE(pos);
    if (largo > 0x7fffffff || pos + 12 + largo > buf.length) return fallo('MALFORMED');
    if (![4, 5, 6, 7].every((i) => LETRA(buf[pos + i]!))) return fallo('MALFORMED');
    const tipo = buf.toString('latin1', pos + 4, pos + 8);
    const fin = pos + 12 + largo;
    if (zlib.crc32(buf.subarray(pos + 4, pos + 8 + largo)) !== buf.readUInt32BE(pos + 8 + largo))
      return fallo('MALFORMED');
    const critico = (buf[pos + 4]! & 0x20) === 0;
    if (critico && !CRITICOS.has(tipo)) return fallo('MALFORMED');
    if ((chunks.length === 0) !== (tipo === 'IHDR')) return fallo('MALFORMED');
    if (tipo === 'IHDR') {
      if (largo !== 13) return fallo('MALFORMED');
      ancho = buf.readUInt32BE(pos + 8);
      alto = buf.readUInt32BE(pos + 12);
      const profundidad = buf[pos + 16]!;
      tipoColor = buf[pos + 17]!;
      const [compresion, filtro, entrelazado] = [buf[pos + 18], buf[pos + 19], buf[pos + 20]];
      if (ancho === 0 || alto === 0 || ancho > 0x7fffffff || alto > 0x7fffffff) return fallo('MALFORMED');
      if (!PROFUNDIDADES[tipoColor]?.includes(profundidad)) return fallo('MALFORMED');
      if (compresion !== 0 || filtro !== 0 || (entrelazado !== 0 && entrelazado !== 1)) return fallo('MALFORMED');
      if (ancho * alto > DOCUMENTO_MAX_PIXELES) return fallo('TOO_MANY_PIXELS');
    } else if (tipo === 'PLTE') {
      if (hayPlte || idat !== 'antes' || largo === 0 || largo % 3 !== 0 || largo > 768) return fallo('MALFORMED');
      if (tipoColor === 0 || tipoColor === 4) return fallo('MALFORMED');
      hayPlte = true;
    } else if (tipo === 'IDAT') {
      if (idat === 'despues' || (tipoColor === 3 && !hayPlte)) return fallo('MALFORMED');
      idat = 'dentro';
    } else if (idat === 'dentro') {
      idat = 'despues'; // IDAT chunks are consecutive
    }
    chunks.push({ tipo, inicio: pos, fin });
    pos = fin;
    if (tipo === 'IEND') {
      if (largo !== 0 || idat === 'antes') return fallo('MALFORMED');
      return { ok: true, chunks, ancho, alto, fin };
    }
  }
}

/**
 * The ancillary chunks kept: those that change how the pixels look (transparency, gamma, primaries, the
 * sRGB intent) and the physical pixel size (pHYs, so a scan prints at its size). Every other ancillary
 * chunk goes, known or not: the texts (tEXt, zTXt, iTXt: author, software, XMP), eXIf (camera, GPS), tIME,
 * the ICC profile (iCCP: a description and a device's name, and a parser of its own in every viewer; a
 * document does not need exact colour), bKGD, hIST, sPLT, animation (acTL, fcTL, fdAT: the default image stays)
 * and private chunks.
 */
const PNG_CHUNKS_CONSERVADOS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'pHYs']);

/** The PNG with only PNG_CHUNKS_CONSERVADOS, each copied byte for byte (their CRCs stay valid), and nothing after IEND. */
export function quitarMetadatosPng(bytes: Uint8Array): Buffer {
  const buf = vista(bytes);
  const recorrido = recorrerPng(buf);
  if (!recorrido.ok) throw new Error(`quitarMetadatosPng: not a valid PNG (${recorrido.codigo})`);
  const partes = recorrido.chunks
    .filter((c) => PNG_CHUNKS_CONSERVADOS.has(c.tipo))
    .map((c) => buf.subarray(c.inicio, c.fin));
  return Buffer.concat([PNG_FIRMA, ...partes]);
}
