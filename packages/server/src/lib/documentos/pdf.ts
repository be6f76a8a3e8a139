import zlib from 'node:zlib';
import { type TFallo, esRelleno, fallo, vista } from './bytes.ts';

/**
 * PDF: a cheap check of the frame (header at 0, startxref and %%EOF at the end) and a search for what makes
 * a PDF act rather than show (scripts, launching programs, attached files, forms that send data), in the
 * file's own bytes and in its compressed object streams, where modern writers put most dictionaries.
 * Not a parser: it refuses what it cannot read (encryption, object streams in unusual encodings).
 */

export const PDF_FIRMA = Buffer.from('%PDF-', 'latin1');
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

/** A name token: a slash and regular characters (PDF 32000 7.2.2); #xx escapes are decoded before comparing. */
// eslint-disable-next-line no-control-regex -- NUL is white space in PDF and ends a name
const NOMBRE = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
const decodificar = (n: string) =>
  n.includes('#') ? n.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : n;

/** Inflated object streams, all told: a bomb stops here. */
const MAX_INFLADO = 16 * 1024 * 1024;

type TStream = { dict: string; inicio: number; fin: number };

/** The stream data of the file: `stream` after a dictionary's `>>` up to the next `endstream`. */
function streams(texto: string): TStream[] | null {
  const lista: TStream[] = [];
  const re = />>\s*stream(\r\n|\n|\r)/g;
  let m;
  while ((m = re.exec(texto))) {
    const inicio = m.index + m[0].length;
    const fin = texto.indexOf('endstream', inicio);
    if (fin < 0) return null;
    const obj = texto.lastIndexOf('obj', m.index);
    lista.push({ dict: texto.slice(Math.max(obj, m.index - 4096, 0), m.index + 2), inicio, fin });
    re.lastIndex = fin + 9;
  }
  return lista;
}

/** What a pass over the name tokens found: an /Encrypt key, and a forbidden name. */
function revisarNombres(texto: string, fuera: (index: number) => boolean): { cifrado: boolean; prohibido: boolean } {
  const hallado = { cifrado: false, prohibido: false };
  NOMBRE.lastIndex = 0;
  let m;
  while ((m = NOMBRE.exec(texto))) {
    const nombre = decodificar(m[1]!);
    if (NOMBRES_PROHIBIDOS.has(nombre)) hallado.prohibido = true;
    else if (NOMBRES_PROHIBIDOS_CORTOS.has(nombre) || nombre === 'Encrypt') {
      if (!fuera(m.index)) continue;
      if (nombre === 'Encrypt') hallado.cifrado = true;
      else hallado.prohibido = true;
    }
  }
  return hallado;
}

/** The filters of an object stream's dictionary (names decoded), or null when /Filter is not a name or an array of names. */
function filtros(dict: string): string[] | null {
  const decodificado = dict.replace(NOMBRE, (_, n: string) => `/${decodificar(n)}`);
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+|[^\s/])?/.exec(decodificado);
  if (!m) return [];
  if (!m[1] || !/^[[/]/.test(m[1])) return null;
  return [...m[1].matchAll(NOMBRE)].map((n) => n[1]!);
}

const esObjStm = (dict: string) => [...dict.matchAll(NOMBRE)].some((m) => decodificar(m[1]!) === 'ObjStm');

/**
 * MALFORMED without `%PDF-x.y` at 0, startxref and a final %%EOF in the last 1,024 bytes, or with a stream
 * that never ends; FORBIDDEN_CONTENT with anything but white space after that %%EOF (something appended), a
 * forbidden name (NOMBRES_PROHIBIDOS), or an object stream it cannot inflate and read (an encoding other than
 * Flate, a predictor, more than MAX_INFLADO); ENCRYPTED with an /Encrypt key (its strings and streams cannot
 * be read here, nor by staff without the password).
 */
export function revisarPdf(bytes: Uint8Array): { ok: true } | TFallo {
  const buf = vista(bytes);
  if (!/^%PDF-[12]\.\d/.test(buf.toString('latin1', 0, 8))) return fallo('MALFORMED');
  const eof = buf.lastIndexOf('%%EOF');
  if (eof < 0) return fallo('MALFORMED');
  if (!esRelleno(buf, eof + 5)) return fallo('FORBIDDEN_CONTENT');
  if (buf.length - (eof + 5) > VENTANA_FINAL || buf.lastIndexOf('startxref', eof) < 0) return fallo('MALFORMED');

  const texto = buf.toString('latin1');
  const datos = streams(texto);
  if (!datos) return fallo('MALFORMED');
  let i = 0;
  const fueraDeStreams = (index: number) => {
    while (i < datos.length && datos[i]!.fin <= index) i++;
    return i >= datos.length || index < datos[i]!.inicio;
  };
  const hallado = revisarNombres(texto, fueraDeStreams);
  if (hallado.cifrado) return fallo('ENCRYPTED');
  if (hallado.prohibido) return fallo('FORBIDDEN_CONTENT');

  let inflado = 0;
  for (const s of datos.filter((d) => esObjStm(d.dict))) {
    const f = filtros(s.dict);
    if (f === null || f.length > 1 || (f.length === 1 && f[0] !== 'FlateDecode') || /\/DecodeParms\b/.test(s.dict)) {
      return fallo('FORBIDDEN_CONTENT');
    }
    let contenido = buf.subarray(s.inicio, s.fin);
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
    if (revisarNombres(contenido.toString('latin1'), () => true).prohibido) return fallo('FORBIDDEN_CONTENT');
  }
  return { ok: true };
}
