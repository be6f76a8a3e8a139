import { DOCUMENTO_MAX_PIXELES } from '@inscripciones/shared/solicitudes/documentos.ts';
import { TOLERANCIA_COLA, type TFallo, colaTolerable, esRelleno, fallo, vista } from './bytes.ts';

/**
 * JPEG (ITU T.81, JFIF, Exif): the segment walk from SOI through the scans to EOI, what may follow the
 * image, and the copy without metadata.
 */

/** A marker segment from its 0xFF to its end; a scan (SOS) ends where its entropy-coded data ends. */
export type TSegmentoJpeg = { marcador: number; inicio: number; fin: number };
export type TRecorridoJpeg =
  { ok: true; segmentos: TSegmentoJpeg[]; ancho: number; alto: number; fin: number } | TFallo;

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
/** Baseline, extended sequential and progressive Huffman: what browsers and phones write and read. */
const SOF_ADMITIDOS = new Set([0xc0, 0xc1, 0xc2]);
const esSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const esRst = (m: number) => m >= 0xd0 && m <= 0xd7;
/**
 * Segments in one image: a phone's photo has a few dozen (an ICC profile split in 255 APP2 is the most a
 * real file holds); 5 MB of empty segments would be 1.3 million objects to walk.
 */
const MAX_SEGMENTOS = 10_000;

/** Whether the bytes start with SOI and another marker. */
export function esJpeg(buf: Uint8Array): boolean {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== SOI || buf[2] !== 0xff) return false;
  const m = buf[3]!;
  return (m >= 0xe0 && m <= 0xef) || m === 0xdb || m === 0xc4 || m === 0xdd || m === 0xfe || esSof(m);
}

/**
 * Walks the segments of the JPEG that starts at `desde` to its EOI. MALFORMED when a length runs past the
 * end, something other than a marker sits between segments, a scan comes before the frame header, the
 * frame is not baseline/extended/progressive Huffman or has no height, there is no EOI, or there are more
 * than MAX_SEGMENTOS segments; TOO_MANY_PIXELS past DOCUMENTO_MAX_PIXELES. `fin` is the end of EOI: what
 * follows is the caller's to judge.
 */
export function recorrerJpeg(bytes: Uint8Array, desde = 0): TRecorridoJpeg {
  const buf = vista(bytes);
  if (!esJpeg(buf.subarray(desde, desde + 4))) return fallo('MALFORMED');
  const segmentos: TSegmentoJpeg[] = [];
  let pos = desde + 2;
  let ancho = 0;
  let alto = 0;
  let escaneos = 0;
  for (;;) {
    if (pos + 2 > buf.length || buf[pos] !== 0xff || segmentos.length === MAX_SEGMENTOS) return fallo('MALFORMED');
    while (buf[pos + 1] === 0xff) pos++; // fill bytes before a marker
    const marcador = buf[pos + 1];
    if (marcador === undefined) return fallo('MALFORMED');
    if (marcador === EOI) {
      if (escaneos === 0) return fallo('MALFORMED');
      return { ok: true, segmentos, ancho, alto, fin: pos + 2 };
    }
    if (marcador === 0x00 || marcador === 0x01 || marcador === SOI || esRst(marcador) || pos + 4 > buf.length) {
      return fallo('MALFORMED');
    }
    const largo = buf.readUInt16BE(pos + 2);
    const finSegmento = pos + 2 + largo;
    if (largo < 2 || finSegmento > buf.length) return fallo('MALFORMED');
    if (esSof(marcador)) {
      if (ancho !== 0 || !SOF_ADMITIDOS.has(marcador) || largo < 8) return fallo('MALFORMED');
      alto = buf.readUInt16BE(pos + 5);
      ancho = buf.readUInt16BE(pos + 7);
      if (alto === 0 || ancho === 0) return fallo('MALFORMED');
      if (ancho * alto > DOCUMENTO_MAX_PIXELES) return fallo('TOO_MANY_PIXELS');
    }
    if (marcador !== SOS) {
      segmentos.push({ marcador, inicio: pos, fin: finSegmento });
      pos = finSegmento;
      continue;
    }
    if (ancho === 0) return fallo('MALFORMED');
    escaneos++;
    // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte), a restart marker or fill, else a marker
    // ends it. The next few bytes are looked at here and indexOf jumps further: in a photo 0xFF is rare and
    // indexOf is fastest, but 5 MB of 0xFF 0x00 would be 2.6 million calls.
    let k = finSegmento;
    for (;;) {
      const cerca = Math.min(k + 16, buf.length);
      while (k < cerca && buf[k] !== 0xff) k++;
      if (k < buf.length && buf[k] !== 0xff) k = buf.indexOf(0xff, k);
      if (k < 0) return fallo('MALFORMED');
      let q = k + 1;
      while (q < buf.length && buf[q] === 0xff) q++;
      if (q >= buf.length) return fallo('MALFORMED');
      const siguiente = buf[q]!;
      if (siguiente === 0x00 || esRst(siguiente)) {
        k = q + 1;
        continue;
      }
      segmentos.push({ marcador, inicio: pos, fin: k });
      pos = k;
      break;
    }
  }
}

const identificador = (buf: Buffer, s: TSegmentoJpeg, id: string) =>
  s.fin - s.inicio >= 4 + id.length && buf.toString('latin1', s.inicio + 4, s.inicio + 4 + id.length) === id;

/**
 * Whether what follows the image's EOI may stay until the copy drops it: nothing or a little padding;
 * further complete JPEG images (the Multi-Picture Format's secondary images, the gain map of an iPhone's or
 * an Android's HDR photo); then a Samsung trailer (SEFH directory and SEFT, which Galaxy phones append to
 * their photos: capture time, mode, a motion photo's video) or, when the image's XMP declares a Google
 * motion photo, its MP4 video (ISO BMFF boxes from an ftyp box to the end). Anything else is hidden data.
 * The other formats' signatures are sought in these too (poliglotas.ts).
 */
export function colaJpegAdmitida(bytes: Uint8Array, recorrido: { segmentos: TSegmentoJpeg[]; fin: number }): boolean {
  const buf = vista(bytes);
  let pos = recorrido.fin;
  while (pos < buf.length && esJpeg(buf.subarray(pos, pos + 4))) {
    const otra = recorrerJpeg(buf, pos);
    if (!otra.ok) return false;
    pos = otra.fin;
  }
  if (colaTolerable(buf, pos) || trailerSamsung(buf, pos)) return true;
  const fotoEnMovimiento = recorrido.segmentos.some(
    (s) =>
      s.marcador === APP1 &&
      identificador(buf, s, 'http://ns.adobe.com/xap/1.0/\0') &&
      /GCamera:(MotionPhoto|MicroVideo)\b/.test(buf.toString('latin1', s.inicio, s.fin)),
  );
  return fotoEnMovimiento && cajasIsoBmff(buf, pos);
}

/**
 * Whether buf[desde..] is a Samsung trailer: it ends with a directory block (`SEFH`, version, count, then
 * per entry two zero bytes, a type, the data's distance back from the directory and its size), followed by
 * the directory's length and `SEFT`; every entry's data lies between `desde` and the directory, and the
 * first starts at `desde` (after a little padding at most).
 */
function trailerSamsung(buf: Buffer, desde: number): boolean {
  const fin = buf.length;
  if (fin - desde < 20 || buf.toString('latin1', fin - 4, fin) !== 'SEFT') return false;
  const largo = buf.readUInt32LE(fin - 8);
  const directorio = fin - 8 - largo;
  if (
    largo < 12 ||
    largo >= 0x10000 ||
    directorio < desde ||
    buf.toString('latin1', directorio, directorio + 4) !== 'SEFH'
  ) {
    return false;
  }
  const entradas = buf.readUInt32LE(directorio + 8);
  if (entradas === 0 || 12 + 12 * entradas > largo) return false;
  let primero = directorio;
  for (let i = 0; i < entradas; i++) {
    const e = directorio + 12 + 12 * i;
    const atras = buf.readUInt32LE(e + 4);
    const tamano = buf.readUInt32LE(e + 8);
    if (atras > directorio - desde || tamano > atras || tamano < 8) return false;
    primero = Math.min(primero, directorio - atras);
  }
  return primero - desde <= TOLERANCIA_COLA && esRelleno(buf, desde, primero);
}

/** Whether buf[desde..] is exactly a sequence of ISO BMFF boxes, the first an ftyp. */
function cajasIsoBmff(buf: Buffer, desde: number): boolean {
  let pos = desde;
  if (buf.length - pos < 8 || buf.toString('latin1', pos + 4, pos + 8) !== 'ftyp') return false;
  while (pos < buf.length) {
    if (buf.length - pos < 8) return false;
    let largo = buf.readUInt32BE(pos);
    if (largo === 1) {
      if (buf.length - pos < 16) return false;
      largo = Number(buf.readBigUInt64BE(pos + 8));
    } else if (largo === 0) largo = buf.length - pos;
    if (largo < 8 || pos + largo > buf.length) return false;
    pos += largo;
  }
  return true;
}

/** The Exif orientation (1–8) of the first Exif APP1 segment, or null. */
export function orientacionExif(bytes: Uint8Array, segmentos: TSegmentoJpeg[]): number | null {
  const buf = vista(bytes);
  const exif = segmentos.find((s) => s.marcador === APP1 && identificador(buf, s, 'Exif\0\0'));
  if (!exif) return null;
  const tiff = buf.subarray(exif.inicio + 10, exif.fin);
  if (tiff.length < 8) return null;
  const orden = tiff.toString('latin1', 0, 2);
  if (orden !== 'II' && orden !== 'MM') return null;
  const u16 = (o: number) => (orden === 'II' ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (orden === 'II' ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entradas = u16(ifd);
  for (let i = 0; i < entradas; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > tiff.length) return null;
    if (u16(e) === 0x0112 && u16(e + 2) === 3) {
      const valor = u16(e + 8);
      return valor >= 1 && valor <= 8 ? valor : null;
    }
  }
  return null;
}

/** A fresh Exif APP1 holding only the orientation (big-endian TIFF, one IFD with one entry). */
function exifSoloOrientacion(orientacion: number): Buffer {
  const s = Buffer.alloc(36);
  s.writeUInt16BE(0xffe1, 0);
  s.writeUInt16BE(34, 2);
  s.write('Exif\0\0MM\0\x2a', 4, 'latin1');
  s.writeUInt32BE(8, 14); // IFD0 right after the TIFF header
  s.writeUInt16BE(1, 18); // one entry
  s.writeUInt16BE(0x0112, 20); // Orientation
  s.writeUInt16BE(3, 22); // SHORT
  s.writeUInt32BE(1, 24); // count
  s.writeUInt16BE(orientacion, 28); // value, left-justified in the 4 bytes
  s.writeUInt32BE(0, 32); // no next IFD
  return s;
}

/**
 * What decoding needs: the frame and scan headers with their entropy-coded data, the quantisation and
 * Huffman tables, restart interval, arithmetic conditioning, DNL. Everything else in the file goes.
 */
const CONSERVADOS = (m: number) =>
  esSof(m) || m === 0xc4 || m === 0xcc || m === 0xdb || m === 0xdd || m === 0xdc || m === SOS;

/**
 * The JPEG without metadata, its scans copied byte for byte (no re-encoding, no loss):
 * - JFIF APP0 rewritten with its density and without its thumbnail; the JFXX extension (another thumbnail) goes;
 * - APP1–APP15 go (Exif with GPS, camera and thumbnail, XMP, ICC profile, MPF, Photoshop/IPTC…) and so
 *   does COM, except Adobe's APP14, whose colour-transform flag decoders need to read the colours right;
 * - when the Exif said the photo is rotated, a new Exif with only that orientation, so it still shows
 *   upright (phones store portrait photos sideways with orientation 6);
 * - nothing after EOI (secondary images, gain maps, motion-photo videos).
 */
export function quitarMetadatosJpeg(bytes: Uint8Array): Buffer {
  const buf = vista(bytes);
  const recorrido = recorrerJpeg(buf);
  if (!recorrido.ok) throw new Error(`quitarMetadatosJpeg: not a valid JPEG (${recorrido.codigo})`);
  const { segmentos } = recorrido;
  const partes: Buffer[] = [Buffer.from([0xff, SOI])];
  const jfif = segmentos.find((s) => s.marcador === APP0 && identificador(buf, s, 'JFIF\0') && s.fin - s.inicio >= 18);
  if (jfif) {
    const app0 = Buffer.from(buf.subarray(jfif.inicio, jfif.inicio + 18));
    app0.writeUInt16BE(16, 2);
    app0[16] = 0; // no thumbnail
    app0[17] = 0;
    partes.push(app0);
  }
  const orientacion = orientacionExif(buf, segmentos);
  if (orientacion !== null && orientacion !== 1) partes.push(exifSoloOrientacion(orientacion));
  for (const s of segmentos) {
    if (CONSERVADOS(s.marcador) || (s.marcador === APP14 && identificador(buf, s, 'Adobe'))) {
      partes.push(buf.subarray(s.inicio, s.fin));
    }
  }
  partes.push(Buffer.from([0xff, EOI]));
  return Buffer.concat(partes);
}
