import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Documents built in code for the upload checks (lib/documentos): real PNG and JPEG images (pngjs,
 * jpeg-js) with the metadata phones and editors add, small valid PDFs, and the tricks to refuse.
 */

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A deterministic w × h RGBA picture: gradients, plus noise when `ruido` (which compresses badly, like a photo). */
export function pixeles(ancho: number, alto: number, ruido = false): Buffer {
  const data = Buffer.alloc(ancho * alto * 4);
  let semilla = 12345;
  for (let y = 0; y < alto; y++) {
    for (let x = 0; x < ancho; x++) {
      const i = (y * ancho + x) * 4;
      let n = 0;
      if (ruido) {
        semilla = (semilla * 1103515245 + 12345) & 0x7fffffff;
        n = (semilla >> 16) & 0x3f;
      }
      data[i] = ((x * 255) / ancho + n) & 0xff;
      data[i + 1] = ((y * 255) / alto + n) & 0xff;
      data[i + 2] = (128 + n) & 0xff;
      data[i + 3] = 255;
    }
  }
  return data;
}

// ---- Exif ----

/**
 * A little-endian TIFF block as phones write it: IFD0 with Make, Model, Orientation and a pointer to a
 * GPS IFD holding Montevideo's coordinates (34° 54' S, 56° 10' W).
 */
function tiffConGps(orientacion = 6): Buffer {
  const make = latin1('Google\0');
  const model = latin1('Pixel 8\0');
  const ifd0Entradas = 4;
  const ifd0 = 8;
  const ifd0Fin = ifd0 + 2 + ifd0Entradas * 12 + 4;
  const gps = ifd0Fin + make.length + model.length;
  const gpsEntradas = 4;
  const racionales = gps + 2 + gpsEntradas * 12 + 4;
  const b = Buffer.alloc(racionales + 6 * 8);
  b.write('II*\0', 0, 'latin1');
  b.writeUInt32LE(ifd0, 4);
  const entrada = (o: number, tag: number, tipo: number, cuenta: number, valor: number) => {
    b.writeUInt16LE(tag, o);
    b.writeUInt16LE(tipo, o + 2);
    b.writeUInt32LE(cuenta, o + 4);
    if (tipo === 3 && cuenta === 1) b.writeUInt16LE(valor, o + 8);
    else b.writeUInt32LE(valor, o + 8);
  };
  b.writeUInt16LE(ifd0Entradas, ifd0);
  entrada(ifd0 + 2, 0x010f, 2, make.length, ifd0Fin); // Make
  entrada(ifd0 + 14, 0x0110, 2, model.length, ifd0Fin + make.length); // Model
  entrada(ifd0 + 26, 0x0112, 3, 1, orientacion); // Orientation
  entrada(ifd0 + 38, 0x8825, 4, 1, gps); // GPSInfo
  make.copy(b, ifd0Fin);
  model.copy(b, ifd0Fin + make.length);
  b.writeUInt16LE(gpsEntradas, gps);
  b.write('S\0', gps + 2 + 8, 'latin1');
  entrada(gps + 2, 0x0001, 2, 2, b.readUInt32LE(gps + 2 + 8)); // GPSLatitudeRef 'S'
  entrada(gps + 14, 0x0002, 5, 3, racionales); // GPSLatitude
  entrada(gps + 26, 0x0003, 2, 2, 0);
  b.write('W\0', gps + 26 + 8, 'latin1'); // GPSLongitudeRef 'W'
  entrada(gps + 38, 0x0004, 5, 3, racionales + 24); // GPSLongitude
  [34, 1, 54, 1, 0, 1, 56, 1, 10, 1, 0, 1].forEach((v, i) => b.writeUInt32LE(v, racionales + i * 4));
  return b;
}

/** An XMP packet naming a place and a person. */
export const XMP = latin1(
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ' +
    'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" exif:GPSLatitude="34,54.0S" exif:GPSLongitude="56,10.0W" ' +
    'dc:creator="Familia Pérez"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
);

// ---- PNG ----

export function chunkPng(tipo: string, datos: Uint8Array | string): Buffer {
  const d = typeof datos === 'string' ? latin1(datos) : Buffer.from(datos);
  const cabecera = Buffer.alloc(8);
  cabecera.writeUInt32BE(d.length, 0);
  cabecera.write(tipo, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([cabecera.subarray(4), d])), 0);
  return Buffer.concat([cabecera, d, crc]);
}

/** An RGBA PNG written by pngjs. */
export function crearPng(ancho = 16, alto = 12): Buffer {
  const png = new PNG({ width: ancho, height: alto });
  pixeles(ancho, alto).copy(png.data);
  return PNG.sync.write(png);
}

/** `png` with `chunks` inserted before its first IDAT. */
export function insertarChunksPng(png: Buffer, chunks: Buffer[]): Buffer {
  const idat = png.indexOf('IDAT', 8, 'latin1') - 4;
  return Buffer.concat([png.subarray(0, idat), ...chunks, png.subarray(idat)]);
}

/** A PNG with the metadata chunks editors and phones write (each kind the copy must drop) and two it keeps. */
export function pngConMetadatos(): Buffer {
  return insertarChunksPng(crearPng(), [
    chunkPng('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
    chunkPng('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    chunkPng('eXIf', tiffConGps()),
    chunkPng('tEXt', 'Author\0Familia P\xe9rez'),
    chunkPng('zTXt', Buffer.concat([latin1('Comment\0\0'), zlib.deflateSync('Tomada en Montevideo')])),
    chunkPng('iTXt', Buffer.concat([latin1('XML:com.adobe.xmp\0\0\0\0\0'), XMP])),
    chunkPng('tIME', Buffer.from([0x07, 0xe9, 3, 14, 10, 30, 0])),
    chunkPng('iCCP', Buffer.concat([latin1('Pixel P3\0\0'), zlib.deflateSync(Buffer.alloc(128, 7))])),
    chunkPng('prVt', 'privado'),
  ]);
}

// ---- JPEG ----

export function segmentoJpeg(marcador: number, datos: Uint8Array | string): Buffer {
  const d = typeof datos === 'string' ? latin1(datos) : Buffer.from(datos);
  const cabecera = Buffer.from([0xff, marcador, 0, 0]);
  cabecera.writeUInt16BE(d.length + 2, 2);
  return Buffer.concat([cabecera, d]);
}

/** A baseline JPEG written by jpeg-js (SOI, JFIF APP0, DQT, SOF0, DHT, SOS, EOI). */
export function crearJpeg(ancho = 32, alto = 24, opciones: { calidad?: number; ruido?: boolean } = {}): Buffer {
  const clave = `${ancho}x${alto}:${opciones.calidad ?? 80}:${opciones.ruido ?? false}`;
  let jpg = jpegs.get(clave);
  if (!jpg) {
    jpg = jpeg.encode(
      { data: pixeles(ancho, alto, opciones.ruido), width: ancho, height: alto },
      opciones.calidad ?? 80,
    ).data;
    jpegs.set(clave, jpg);
  }
  return Buffer.from(jpg);
}
/** jpeg-js builds its tables anew for each image (slow): each image is encoded once. */
const jpegs = new Map<string, Buffer>();

/** `jpg` with `segmentos` inserted after its JFIF APP0. */
export function insertarSegmentosJpeg(jpg: Buffer, segmentos: Buffer[]): Buffer {
  const despuesApp0 = 4 + jpg.readUInt16BE(4);
  return Buffer.concat([jpg.subarray(0, despuesApp0), ...segmentos, jpg.subarray(despuesApp0)]);
}

/** The JFIF APP0 payload with a 2 × 1 RGB thumbnail in it. */
const JFIF_CON_MINIATURA = Buffer.concat([
  latin1('JFIF\0'),
  Buffer.from([1, 2, 1, 0, 72, 0, 72, 2, 1]),
  Buffer.alloc(6, 0x80),
]);

/**
 * A phone's JPEG: JFIF with a thumbnail, a JFXX thumbnail, Exif with GPS and orientation 6, XMP, an ICC
 * profile, an MPF index, Photoshop/IPTC, a comment, and Adobe's APP14 (which stays).
 */
export function jpegConMetadatos(opciones: { orientacion?: number; base?: Buffer } = {}): Buffer {
  const base = opciones.base ?? crearJpeg();
  const sinApp0 = Buffer.concat([base.subarray(0, 2), base.subarray(4 + base.readUInt16BE(4))]);
  return insertarSegmentosJpeg(
    Buffer.concat([sinApp0.subarray(0, 2), segmentoJpeg(0xe0, JFIF_CON_MINIATURA), sinApp0.subarray(2)]),
    [
      segmentoJpeg(0xe0, Buffer.concat([latin1('JFXX\0\x13'), Buffer.alloc(40, 0x55)])),
      segmentoJpeg(0xe1, Buffer.concat([latin1('Exif\0\0'), tiffConGps(opciones.orientacion ?? 6)])),
      segmentoJpeg(0xe1, Buffer.concat([latin1('http://ns.adobe.com/xap/1.0/\0'), XMP])),
      segmentoJpeg(0xe2, Buffer.concat([latin1('ICC_PROFILE\0\x01\x01'), Buffer.alloc(128, 7)])),
      segmentoJpeg(0xe2, Buffer.concat([latin1('MPF\0'), Buffer.alloc(32, 1)])),
      segmentoJpeg(0xed, latin1('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x0f\x1c\x02\x5a\0\x0aMontevideo')),
      segmentoJpeg(0xfe, 'Foto de la cedula de Juan'),
      segmentoJpeg(0xee, Buffer.concat([latin1('Adobe'), Buffer.from([0, 100, 0, 0, 0, 0, 1])])),
    ],
  );
}

// ---- PDF ----

/**
 * A one-page PDF with a correct cross-reference table. `catalogo` adds keys to the catalog, `objetos` adds
 * objects (numbered from 5, as given: "<< … >>" or "<< … >>\nstream…endstream"), `info` an Info dictionary.
 */
export function crearPdf(
  opciones: { catalogo?: string; objetos?: (string | Buffer)[]; info?: string; version?: string } = {},
): Buffer {
  const contenido = '0 0 1 rg 20 20 100 100 re f';
  const objetos: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${opciones.catalogo ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    `<< /Length ${contenido.length} >>\nstream\n${contenido}\nendstream`,
    ...(opciones.objetos ?? []),
  ];
  if (opciones.info) objetos.push(opciones.info);
  const partes: Buffer[] = [latin1(`%PDF-${opciones.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`)];
  let largo = partes[0]!.length;
  const offsets: number[] = [];
  objetos.forEach((o, i) => {
    offsets.push(largo);
    const b = Buffer.concat([latin1(`${i + 1} 0 obj\n`), typeof o === 'string' ? latin1(o) : o, latin1('\nendobj\n')]);
    partes.push(b);
    largo += b.length;
  });
  const xref =
    `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R${opciones.info ? ` /Info ${objetos.length} 0 R` : ''} >>\n` +
    `startxref\n${largo}\n%%EOF\n`;
  return Buffer.concat([...partes, latin1(xref)]);
}

/** An object stream holding `objetos` (numbered from `primero`), Flate-compressed unless `filtro` says otherwise. */
export function objStm(objetos: string[], primero: number, filtro: string | null = '/FlateDecode'): Buffer {
  let cuerpo = '';
  const indice: string[] = [];
  for (const [i, o] of objetos.entries()) {
    indice.push(`${primero + i} ${cuerpo.length}`);
    cuerpo += `${o}\n`;
  }
  const cabecera = `${indice.join(' ')}\n`;
  const datos = latin1(cabecera + cuerpo);
  const stream = filtro === '/FlateDecode' ? zlib.deflateSync(datos) : datos;
  return Buffer.concat([
    latin1(
      `<< /Type /ObjStm /N ${objetos.length} /First ${cabecera.length} /Length ${stream.length}${filtro ? ` /Filter ${filtro}` : ''} >>\nstream\n`,
    ),
    stream,
    latin1('\nendstream'),
  ]);
}

// ---- Other formats, to hide ----

/** A ZIP with one stored file, as `zip` writes it (local header, data, central directory, end record). */
export function crearZip(nombre = 'leeme.txt', contenido = 'hola'): Buffer {
  const n = latin1(nombre);
  const d = latin1(contenido);
  const crc = zlib.crc32(d);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(d.length, 18);
  local.writeUInt32LE(d.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(d.length, 20);
  central.writeUInt32LE(d.length, 24);
  central.writeUInt16LE(n.length, 28);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(1, 8);
  fin.writeUInt16LE(1, 10);
  fin.writeUInt32LE(central.length + n.length, 12);
  fin.writeUInt32LE(local.length + n.length + d.length, 16);
  return Buffer.concat([local, n, d, central, n, fin]);
}

/** The start of an MP4 (ftyp, and an mdat with `bytes` of payload), as a motion photo appends after its JPEG. */
export function mp4(bytes = 64): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), latin1('ftypisom\0\0\0\0isom')]);
  const mdat = Buffer.alloc(8 + bytes, 0x11);
  mdat.writeUInt32BE(8 + bytes, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/**
 * A Samsung trailer as Galaxy phones append after EOI: data blocks (two zero bytes, a type, a name's length,
 * the name, the data), then the SEFH directory pointing back at each, its length and SEFT.
 */
export function trailerSamsung(bloques: { tipo: number; nombre: string; datos: Buffer | string }[]): Buffer {
  const datos = bloques.map((b) => {
    const cabecera = Buffer.alloc(8);
    cabecera.writeUInt16LE(b.tipo, 2);
    cabecera.writeUInt32LE(b.nombre.length, 4);
    return Buffer.concat([cabecera, latin1(b.nombre), typeof b.datos === 'string' ? latin1(b.datos) : b.datos]);
  });
  const total = datos.reduce((n, d) => n + d.length, 0);
  const directorio = Buffer.alloc(12 + 12 * bloques.length);
  directorio.write('SEFH', 0, 'latin1');
  directorio.writeUInt32LE(101, 4);
  directorio.writeUInt32LE(bloques.length, 8);
  let desde = 0;
  datos.forEach((d, i) => {
    directorio.writeUInt16LE(bloques[i]!.tipo, 12 + 12 * i + 2);
    directorio.writeUInt32LE(total - desde, 12 + 12 * i + 4);
    directorio.writeUInt32LE(d.length, 12 + 12 * i + 8);
    desde += d.length;
  });
  const cola = Buffer.alloc(8);
  cola.writeUInt32LE(directorio.length, 0);
  cola.write('SEFT', 4, 'latin1');
  return Buffer.concat([...datos, directorio, cola]);
}
