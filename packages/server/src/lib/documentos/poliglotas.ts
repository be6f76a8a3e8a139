import type { TDocumentoTipoArchivo } from '@inscripciones/shared/solicitudes/documentos.ts';
import { vista } from './bytes.ts';

/**
 * Another format hidden in the file, where some reader would find it and honour it (a polyglot). The file's
 * own structure is checked by its walk (png.ts, jpeg.ts, pdf.ts), which also refuses data after its end;
 * these are the signatures that readers of other formats look for elsewhere in a file.
 */

/** Browsers that sniff content (and old ones that looked for tags) read the first bytes. */
const PRIMEROS = 1024;
const MARCAS_HTML = [
  '<html',
  '<head',
  '<body',
  '<script',
  '<svg',
  '<iframe',
  '<object',
  '<embed',
  '<img',
  '<style',
  '<!doctype',
  '<?php',
];

/** ZIP readers look for the end-of-central-directory record in the last 64 KiB (plus its own 22 bytes). */
const COLA_ZIP = 65_535 + 22;
const ZIP_LOCAL = Buffer.from('PK\x03\x04', 'latin1');
const ZIP_FIN = Buffer.from('PK\x05\x06', 'latin1');
/** RAR and 7-Zip find an archive after a self-extractor, at any offset. */
const RAR = Buffer.from('Rar!\x1a\x07', 'latin1');
const SIETE_ZIP = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
/** PDF readers accept a header anywhere in the first 1,024 bytes, and some rebuild a file from any `obj`. */
const PDF = Buffer.from('%PDF-', 'latin1');
const STARTXREF = Buffer.from('startxref', 'latin1');

const METODOS_ZIP = new Set([0, 8, 9, 12, 14, 93, 95, 98, 99]);

/**
 * A ZIP local file header whose fields a ZIP reader would accept (version ≤ 6.3, a known compression method,
 * a file name of 1–1,024 bytes): the four-byte signature alone turns up by chance once in 4 GiB of
 * compressed data, with these fields once in many thousands of times that.
 */
function cabeceraZip(buf: Buffer): boolean {
  for (let i = buf.indexOf(ZIP_LOCAL); i >= 0; i = buf.indexOf(ZIP_LOCAL, i + 1)) {
    if (i + 30 > buf.length) return false;
    const version = buf.readUInt16LE(i + 4);
    const metodo = buf.readUInt16LE(i + 8);
    const nombre = buf.readUInt16LE(i + 26);
    if (version <= 63 && METODOS_ZIP.has(metodo) && nombre >= 1 && nombre <= 1024) return true;
  }
  return false;
}

/** Whether the file carries another format's signature where its readers look. */
export function otroFormatoEscondido(bytes: Uint8Array, tipo: TDocumentoTipoArchivo): boolean {
  const buf = vista(bytes);
  const inicio = buf.toString('latin1', 0, PRIMEROS).toLowerCase();
  if (MARCAS_HTML.some((m) => inicio.includes(m))) return true;
  if (buf.indexOf(ZIP_FIN, Math.max(0, buf.length - COLA_ZIP)) >= 0 || cabeceraZip(buf)) return true;
  if (buf.includes(RAR) || buf.includes(SIETE_ZIP)) return true;
  return tipo !== 'pdf' && (buf.includes(PDF) || buf.includes(STARTXREF));
}
