import zlib from 'node:zlib';
import { type TFallo, esRelleno, fallo, vista } from './bytes.ts';

/**
 * PDF: a cheap check of the frame (header at 0, startxref and %%EOF at the end) and a search for what makes
 * a PDF act rather than show (scripts, launching programs, attached files, forms that send data), in the
 * file's own bytes and in its compressed object streams, where modern writers put most dictionaries.
 * Not a parser: it refuses what it cannot read (encryption, object streams in unusual encodings).
 */

const PDF_FIRMA = Buffer.from('%PDF-', 'latin1');
export const esPdf = (buf: Uint8Array): boolean => vista(buf).subarray(0, 5).equals(PDF_FIRMA);

/** Readers look for %%EOF in the last 1,024 bytes. */
const VENTANA_FINAL = 1024;

/**
 * Names that make a PDF act: JavaScript (document-level or as an action, e.g. in /OpenAction or /AA),
 * /Launch (runs a program), attached files, Flash, XFA forms (scriptable), actions that send form data or
 * open other files (a path on a network share leaks the Windows credentials of whoever opens it). Sought
 * everywhere, stream data included: long enough not to occur by chance in 5 MB of compressed data.
 */
const NOMBRES_PROHIBIDOS = new Set([
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
]);
/**
 * Two-letter keys of the same things (a JavaScript action's code, a file specification's embedded file):
 * sought outside stream data only, where three bytes would turn up by chance in about 1 in 50 scanned PDFs.
 */
const NOMBRES_PROHIBIDOS_CORTOS = new Set(['JS', 'EF']);

/** White space and delimiters end a name (PDF 32000 7.2.2). */
const FIN_DE_NOMBRE = new Uint8Array(256);
for (const c of '\0\t\n\f\r ()<>[]{}/%') FIN_DE_NOMBRE[c.charCodeAt(0)] = 1;
const ESPACIO = new Uint8Array(256);
for (const c of '\0\t\n\f\r ') ESPACIO[c.charCodeAt(0)] = 1;
const HEX = new Int8Array(256).fill(-1);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = parseInt(c, 16);

/** Every name the walk looks for, as bytes, by length. */
const BUSCADOS = [...NOMBRES_PROHIBIDOS, ...NOMBRES_PROHIBIDOS_CORTOS, 'Encrypt', 'ObjStm'];
const LARGO_MAX = Math.max(...BUSCADOS.map((n) => n.length));
const POR_LARGO: { nombre: string; bytes: Buffer }[][] = Array.from({ length: LARGO_MAX + 1 }, () => []);
for (const nombre of BUSCADOS) POR_LARGO[nombre.length]!.push({ nombre, bytes: Buffer.from(nombre, 'latin1') });
const nombreActual = new Uint8Array(LARGO_MAX);

function igual(a: Uint8Array, b: Uint8Array, largo: number): boolean {
  for (let k = 0; k < largo; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Calls `visitar` with each name token that is one of BUSCADOS once its #xx escapes are decoded, and where
 * its slash is. One pass over the bytes that allocates nothing per token, whatever the bytes hold.
 */
function recorrerNombres(buf: Buffer, visitar: (nombre: string, pos: number) => void): void {
  const n = buf.length;
  let i = buf.indexOf(0x2f);
  while (i >= 0) {
    let j = i + 1;
    let largo = 0;
    while (j < n && FIN_DE_NOMBRE[buf[j]!] === 0) {
      let c = buf[j]!;
      if (c === 0x23 && j + 2 < n && HEX[buf[j + 1]!]! >= 0 && HEX[buf[j + 2]!]! >= 0) {
        c = HEX[buf[j + 1]!]! * 16 + HEX[buf[j + 2]!]!;
        j += 2;
      }
      if (largo < LARGO_MAX) nombreActual[largo] = c;
      largo++;
      j++;
    }
    if (largo >= 2 && largo <= LARGO_MAX) {
      for (const candidato of POR_LARGO[largo]!) {
        if (igual(candidato.bytes, nombreActual, largo)) visitar(candidato.nombre, i);
      }
    }
    i = j < n && buf[j] === 0x2f ? j : buf.indexOf(0x2f, j);
  }
}

/** Inflated object streams, all told: a bomb stops here. */
const MAX_INFLADO = 16 * 1024 * 1024;
/** Object streams read: a 5 MB PDF from a scanner or an office suite has a few dozen. */
const MAX_OBJSTM = 2000;
/** How far from an object stream's /Type its data may start, and how far back its dictionary is read. */
const DICT_MAX = 4096;

/** Streams in a file: one every 250 bytes of a 5 MB PDF; a real one has a few thousand at most. */
const MAX_STREAMS = 20_000;

type TStream = { inicio: number; fin: number };
const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');

/**
 * The stream data of the file: after `stream` that follows a dictionary's `>>`, up to the next `endstream`;
 * null when one never ends or there are more than MAX_STREAMS.
 */
function streams(buf: Buffer): TStream[] | null {
  const lista: TStream[] = [];
  let i = buf.indexOf(STREAM);
  while (i >= 0) {
    let inicio = -1;
    const esEndstream = i >= 3 && buf[i - 3] === 0x65 && buf[i - 2] === 0x6e && buf[i - 1] === 0x64; // 'end'
    if (!esEndstream) {
      let p = i - 1;
      while (p >= 0 && ESPACIO[buf[p]!]) p--;
      const trasDict = p >= 1 && buf[p] === 0x3e && buf[p - 1] === 0x3e;
      const k = i + 6;
      if (trasDict)
        inicio = buf[k] === 0x0d && buf[k + 1] === 0x0a ? k + 2 : buf[k] === 0x0a || buf[k] === 0x0d ? k + 1 : -1;
    }
    if (inicio < 0) {
      i = buf.indexOf(STREAM, i + 6);
      continue;
    }
    const fin = buf.indexOf(ENDSTREAM, inicio);
    if (fin < 0 || lista.length === MAX_STREAMS) return null;
    lista.push({ inicio, fin });
    i = buf.indexOf(STREAM, fin + 9);
  }
  return lista;
}

const NOMBRE = /\/([^\s()<>[\]{}/%]+)/g;
const decodificar = (n: string) =>
  n.includes('#') ? n.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : n;

/** The filters of an object stream's dictionary (names decoded), or null when /Filter is not a name or an array of names. */
function filtros(dict: string): string[] | null {
  const decodificado = dict.replace(NOMBRE, (_, n: string) => `/${decodificar(n)}`);
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+|[^\s/])?/.exec(decodificado);
  if (!m) return [];
  if (!m[1] || !/^[[/]/.test(m[1])) return null;
  return [...m[1].matchAll(NOMBRE)].map((n) => n[1]!);
}

/**
 * MALFORMED without `%PDF-x.y` at 0, startxref and a final %%EOF in the last 1,024 bytes, or with a stream
 * that never ends or more than MAX_STREAMS; FORBIDDEN_CONTENT with anything but white space after that %%EOF (something appended), a
 * forbidden name (NOMBRES_PROHIBIDOS), or an object stream it cannot inflate and read (an encoding other than
 * Flate, a predictor, more than MAX_INFLADO, more than MAX_OBJSTM of them); ENCRYPTED with an /Encrypt key
 * (its strings and streams cannot be read here, nor by staff without the password).
 */
export function revisarPdf(bytes: Uint8Array): { ok: true } | TFallo {
  const buf = vista(bytes);
  if (!/^%PDF-[12]\.\d/.test(buf.toString('latin1', 0, Math.min(8, buf.length)))) return fallo('MALFORMED');
  const eof = buf.lastIndexOf('%%EOF');
  if (eof < 0) return fallo('MALFORMED');
  if (!esRelleno(buf, eof + 5)) return fallo('FORBIDDEN_CONTENT');
  if (buf.length - (eof + 5) > VENTANA_FINAL || buf.lastIndexOf('startxref', eof) < 0) return fallo('MALFORMED');

  const datos = streams(buf);
  if (!datos) return fallo('MALFORMED');
  let s = 0;
  const enStream = (pos: number) => {
    while (s < datos.length && datos[s]!.fin <= pos) s++;
    return s < datos.length && pos >= datos[s]!.inicio;
  };
  let cifrado = false;
  let prohibido = false;
  const objStms: number[] = [];
  recorrerNombres(buf, (nombre, pos) => {
    if (NOMBRES_PROHIBIDOS.has(nombre)) prohibido = true;
    else if (nombre === 'Encrypt' || nombre === 'ObjStm' || NOMBRES_PROHIBIDOS_CORTOS.has(nombre)) {
      if (enStream(pos)) return;
      if (nombre === 'Encrypt') cifrado = true;
      else if (nombre === 'ObjStm') objStms.push(pos);
      else prohibido = true;
    }
  });
  if (cifrado) return fallo('ENCRYPTED');
  if (prohibido || objStms.length > MAX_OBJSTM) return fallo('FORBIDDEN_CONTENT');

  let inflado = 0;
  let d = 0;
  let anterior: TStream | undefined;
  for (const pos of objStms) {
    while (d < datos.length && datos[d]!.inicio <= pos) d++;
    const stream = datos[d];
    if (!stream || stream.inicio - pos > DICT_MAX) return fallo('FORBIDDEN_CONTENT');
    if (stream === anterior) continue;
    anterior = stream;
    const desde = Math.max(0, pos - DICT_MAX);
    const obj = buf.subarray(desde, pos).lastIndexOf(OBJ);
    const dict = buf.toString('latin1', obj < 0 ? desde : desde + obj, stream.inicio);
    const f = filtros(dict);
    if (f === null || f.length > 1 || (f.length === 1 && f[0] !== 'FlateDecode') || /\/DecodeParms\b/.test(dict)) {
      return fallo('FORBIDDEN_CONTENT');
    }
    let contenido = buf.subarray(stream.inicio, stream.fin);
    if (f.length === 1) {
      try {
        contenido = zlib.inflateSync(contenido, {
          maxOutputLength: Math.max(1, MAX_INFLADO - inflado),
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
        });
      } catch (e) {
        return fallo(e instanceof RangeError ? 'FORBIDDEN_CONTENT' : 'MALFORMED');
      }
    }
    inflado += contenido.length;
    recorrerNombres(contenido, (nombre) => {
      if (NOMBRES_PROHIBIDOS.has(nombre) || NOMBRES_PROHIBIDOS_CORTOS.has(nombre)) prohibido = true;
    });
    if (prohibido) return fallo('FORBIDDEN_CONTENT');
  }
  return { ok: true };
}
