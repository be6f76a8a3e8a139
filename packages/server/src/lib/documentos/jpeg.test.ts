import jpegJs from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import {
  XMP,
  crearJpeg,
  insertarSegmentosJpeg,
  jpegConMetadatos,
  mp4,
  segmentoJpeg,
  trailerSamsung,
} from '../../test/documentos-fixtures.ts';
import { colaJpegAdmitida, orientacionExif, quitarMetadatosJpeg, recorrerJpeg } from './jpeg.ts';

const marcadores = (jpg: Buffer) => {
  const r = recorrerJpeg(jpg);
  if (!r.ok) throw new Error(r.codigo);
  return r.segmentos.map((s) => s.marcador.toString(16));
};
const decodificar = (jpg: Buffer) => jpegJs.decode(jpg, { useTArray: true, formatAsRGBA: true });
/** The same JPEG with its SOF0 declaring another size or being another kind of frame. */
function conSof(jpg: Buffer, cambio: { marcador?: number; ancho?: number; alto?: number }): Buffer {
  const copia = Buffer.from(jpg);
  const sof = copia.indexOf(Buffer.from([0xff, 0xc0]));
  if (cambio.marcador) copia[sof + 1] = cambio.marcador;
  if (cambio.alto !== undefined) copia.writeUInt16BE(cambio.alto, sof + 5);
  if (cambio.ancho !== undefined) copia.writeUInt16BE(cambio.ancho, sof + 7);
  return copia;
}

describe('recorrerJpeg', () => {
  it('walks the segments of a JPEG through its scan to EOI', () => {
    const jpg = crearJpeg(32, 24);
    const r = recorrerJpeg(jpg);
    expect(r.ok && { ancho: r.ancho, alto: r.alto, fin: r.fin }).toEqual({ ancho: 32, alto: 24, fin: jpg.length });
    expect(marcadores(jpg)).toEqual(['e0', 'db', 'c0', 'c4', 'da']);
  });

  it('refuses a truncated JPEG, one without EOI, a scan before the frame and an unusual frame', () => {
    const jpg = crearJpeg();
    expect(recorrerJpeg(jpg.subarray(0, jpg.length - 2))).toEqual({ ok: false, codigo: 'MALFORMED' });
    expect(recorrerJpeg(jpg.subarray(0, 300))).toEqual({ ok: false, codigo: 'MALFORMED' });
    expect(recorrerJpeg(conSof(jpg, { marcador: 0xc3 }))).toEqual({ ok: false, codigo: 'MALFORMED' }); // lossless
    expect(recorrerJpeg(conSof(jpg, { alto: 0 }))).toEqual({ ok: false, codigo: 'MALFORMED' });
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    const sinSof = Buffer.concat([
      jpg.subarray(0, sof),
      jpg.subarray(sof + 2 + jpg.readUInt16BE(sof + 2), sos),
      jpg.subarray(sos),
    ]);
    expect(recorrerJpeg(sinSof)).toEqual({ ok: false, codigo: 'MALFORMED' });
    const basura = Buffer.concat([jpg.subarray(0, 20), Buffer.from('basura'), jpg.subarray(20)]);
    expect(recorrerJpeg(basura)).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('refuses more than 10,000 segments (5 MB of empty comments would be 1.3 million)', () => {
    const jpg = crearJpeg();
    const comentarios = (n: number) => Buffer.alloc(4 * n, Buffer.from([0xff, 0xfe, 0, 2]));
    const con = (n: number) => Buffer.concat([jpg.subarray(0, 2), comentarios(n), jpg.subarray(2)]);
    expect(recorrerJpeg(con(9_000)).ok).toBe(true);
    expect(recorrerJpeg(con(10_000))).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('walks entropy-coded data made of stuffed bytes, restart markers and fill', () => {
    const jpg = crearJpeg();
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const cabecera = jpg.subarray(0, sos + 2 + jpg.readUInt16BE(sos + 2));
    const datos = Buffer.from([1, 0xff, 0, 2, 0xff, 0xd0, 3, 0xff, 0xff, 0xff, 0, 4, 0xff, 0xff, 0xd9]);
    const r = recorrerJpeg(Buffer.concat([cabecera, datos]));
    expect(r.ok && r.fin).toBe(cabecera.length + datos.length);
    expect(recorrerJpeg(Buffer.concat([cabecera, datos.subarray(0, -2)]))).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('walks a progressive JPEG: tables and scan headers between scans, all kept by the copy', () => {
    const jpg = crearJpeg();
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const dht = jpg.indexOf(Buffer.from([0xff, 0xc4]));
    const cabeceraSos = jpg.subarray(sos, sos + 2 + jpg.readUInt16BE(sos + 2));
    const tabla = jpg.subarray(dht, dht + 2 + jpg.readUInt16BE(dht + 2));
    const escaneo = Buffer.from([0x12, 0xff, 0x00, 0x34]);
    const progresivo = Buffer.concat([
      jpg.subarray(0, sos),
      cabeceraSos,
      escaneo,
      tabla,
      cabeceraSos,
      escaneo,
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(marcadores(progresivo)).toEqual(['e0', 'db', 'c0', 'c4', 'da', 'c4', 'da']);
    expect(quitarMetadatosJpeg(progresivo).equals(progresivo)).toBe(true);
  });

  it('refuses a frame over 64 megapixels', () => {
    expect(recorrerJpeg(conSof(crearJpeg(), { ancho: 9000, alto: 9000 }))).toEqual({
      ok: false,
      codigo: 'TOO_MANY_PIXELS',
    });
  });
});

describe('colaJpegAdmitida', () => {
  const recorrido = (jpg: Buffer) => {
    const r = recorrerJpeg(jpg);
    if (!r.ok) throw new Error(r.codigo);
    return r;
  };
  const conXmp = (xmp: string) =>
    insertarSegmentosJpeg(crearJpeg(), [segmentoJpeg(0xe1, `http://ns.adobe.com/xap/1.0/\0${xmp}`)]);

  it('admits a little padding, and secondary images (MPF, HDR gain maps)', () => {
    const jpg = crearJpeg();
    expect(colaJpegAdmitida(Buffer.concat([jpg, Buffer.alloc(64)]), recorrido(jpg))).toBe(true);
    expect(colaJpegAdmitida(Buffer.concat([jpg, Buffer.alloc(65)]), recorrido(jpg))).toBe(false);
    expect(colaJpegAdmitida(Buffer.concat([jpg, Buffer.from('\n<x>')]), recorrido(jpg))).toBe(false);
    const conMapa = Buffer.concat([jpg, crearJpeg(8, 8)]);
    expect(colaJpegAdmitida(conMapa, recorrido(conMapa))).toBe(true);
    const mapaRoto = Buffer.concat([jpg, crearJpeg(8, 8).subarray(0, 100)]);
    expect(colaJpegAdmitida(mapaRoto, recorrido(mapaRoto))).toBe(false);
  });

  it('admits the trailer Samsung phones append (capture time, a motion photo), and not one that points outside', () => {
    const jpg = crearJpeg();
    const trailer = trailerSamsung([
      { tipo: 0x0a01, nombre: 'Image_UTC_Data', datos: '1712345678901' },
      { tipo: 0x0a30, nombre: 'MotionPhoto_Data', datos: mp4() },
    ]);
    const galaxy = Buffer.concat([jpg, trailer]);
    expect(colaJpegAdmitida(galaxy, recorrido(galaxy))).toBe(true);
    const conBasura = Buffer.concat([jpg, Buffer.from('<html>'), trailer]);
    expect(colaJpegAdmitida(conBasura, recorrido(conBasura))).toBe(false);
    const fuera = Buffer.from(galaxy);
    fuera.writeUInt32LE(trailer.length + 100, galaxy.length - 8 - 36 + 12 + 4); // first entry points before the trailer
    expect(colaJpegAdmitida(fuera, recorrido(fuera))).toBe(false);
    const sinSeft = Buffer.concat([jpg, trailer.subarray(0, -1), Buffer.from('X')]);
    expect(colaJpegAdmitida(sinSeft, recorrido(sinSeft))).toBe(false);
  });

  it("admits the MP4 of a motion photo only when the photo's XMP declares one", () => {
    const declarado = conXmp('<x:xmpmeta><rdf:Description GCamera:MotionPhoto="1"/></x:xmpmeta>');
    const movimiento = Buffer.concat([declarado, mp4()]);
    expect(colaJpegAdmitida(movimiento, recorrido(movimiento))).toBe(true);
    const sinDeclarar = Buffer.concat([conXmp(XMP.toString('latin1')), mp4()]);
    expect(colaJpegAdmitida(sinDeclarar, recorrido(sinDeclarar))).toBe(false);
    const truncado = Buffer.concat([declarado, mp4().subarray(0, 40)]);
    expect(colaJpegAdmitida(truncado, recorrido(truncado))).toBe(false);
  });
});

describe('quitarMetadatosJpeg', () => {
  it('drops Exif (GPS, camera), XMP, ICC, MPF, IPTC, comments and thumbnails; keeps Adobe APP14 and the scan', () => {
    const original = jpegConMetadatos();
    expect(marcadores(original)).toEqual([
      'e0',
      'e0',
      'e1',
      'e1',
      'e2',
      'e2',
      'ed',
      'fe',
      'ee',
      'db',
      'c0',
      'c4',
      'da',
    ]);
    const limpio = quitarMetadatosJpeg(original);
    expect(marcadores(limpio)).toEqual(['e0', 'e1', 'ee', 'db', 'c0', 'c4', 'da']);
    for (const rastro of [
      'Pixel 8',
      'Google',
      'Familia',
      'Montevideo',
      'xmpmeta',
      'ICC_PROFILE',
      'MPF',
      'JFXX',
      'cedula',
    ]) {
      expect(limpio.includes(rastro, 0, 'latin1'), rastro).toBe(false);
    }
    // The JFIF APP0 without its thumbnail: 16 bytes, thumbnail 0 × 0.
    expect(limpio.subarray(2, 20).toString('hex')).toBe('ffe000104a46494600010201004800480000');
  });

  it('keeps only the orientation of the Exif, in a block of its own, so the photo still shows upright', () => {
    const limpio = quitarMetadatosJpeg(jpegConMetadatos({ orientacion: 6 }));
    const r = recorrerJpeg(limpio);
    if (!r.ok) throw new Error(r.codigo);
    const exif = r.segmentos.find((s) => s.marcador === 0xe1)!;
    expect(exif.fin - exif.inicio).toBe(36);
    expect(orientacionExif(limpio, r.segmentos)).toBe(6);
    expect(marcadores(quitarMetadatosJpeg(jpegConMetadatos({ orientacion: 1 })))).toEqual([
      'e0',
      'ee',
      'db',
      'c0',
      'c4',
      'da',
    ]);
  });

  it('decodes to exactly the same pixels (jpeg-js), without re-encoding', () => {
    const base = crearJpeg(48, 40, { ruido: true });
    const original = jpegConMetadatos({ base });
    const limpio = quitarMetadatosJpeg(original);
    const antes = decodificar(original);
    const despues = decodificar(limpio);
    expect([despues.width, despues.height]).toEqual([48, 40]);
    expect(Buffer.from(despues.data).equals(Buffer.from(antes.data))).toBe(true);
    expect(Buffer.from(decodificar(base).data).equals(Buffer.from(antes.data))).toBe(true);
    // The entropy-coded data is the same bytes.
    const scan = (jpg: Buffer) => jpg.subarray(jpg.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(limpio).equals(scan(base))).toBe(true);
  });

  it('drops secondary images and a motion photo’s video after EOI', () => {
    const jpg = crearJpeg();
    expect(quitarMetadatosJpeg(Buffer.concat([jpg, crearJpeg(8, 8), mp4()])).equals(jpg)).toBe(true);
    const galaxy = Buffer.concat([
      jpg,
      trailerSamsung([{ tipo: 0x0a01, nombre: 'Image_UTC_Data', datos: '1712345678901' }]),
    ]);
    expect(quitarMetadatosJpeg(galaxy).equals(jpg)).toBe(true);
  });
});
