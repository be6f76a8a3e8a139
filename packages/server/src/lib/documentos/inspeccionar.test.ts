import { DOCUMENTO_MAX_BYTES } from '@inscripciones/shared/solicitudes/documentos.ts';
import { SOLICITUD_MSG } from '@inscripciones/shared/solicitudes/messages.ts';
import { describe, expect, it } from 'vitest';
import {
  chunkPng,
  crearJpeg,
  crearPdf,
  crearPng,
  crearZip,
  insertarChunksPng,
  insertarSegmentosJpeg,
  jpegConMetadatos,
  mp4,
  pngConMetadatos,
  segmentoJpeg,
  trailerSamsung,
} from '../../test/documentos-fixtures.ts';
import { extensionDeclarada, inspeccionar, mimeDeclarado } from './inspeccionar.ts';
import { quitarMetadatos } from './metadatos.ts';

const rechazo = (bytes: Uint8Array, nombre = 'documento', tipo?: string) => {
  const r = inspeccionar(bytes, { nombre, tipo });
  return r.ok ? 'aceptado' : r.codigo;
};
const latin1 = (s: string) => Buffer.from(s, 'latin1');
/** A PNG with `datos` in a private ancillary chunk right before IEND (where a ZIP's end record reaches the end). */
const pngConChunkAlFinal = (datos: Buffer) => {
  const png = crearPng();
  return Buffer.concat([png.subarray(0, -12), chunkPng('prZp', datos), png.subarray(-12)]);
};

describe('inspeccionar: what it accepts', () => {
  it('accepts a PNG, a JPEG and a PDF, naming them by content', () => {
    expect(inspeccionar(pngConMetadatos(), { nombre: 'cedula.png', tipo: 'image/png' })).toEqual({
      ok: true,
      tipo: 'png',
      extension: 'png',
    });
    expect(inspeccionar(jpegConMetadatos(), { nombre: 'IMG_2024.JPEG', tipo: 'image/jpeg' })).toEqual({
      ok: true,
      tipo: 'jpeg',
      extension: 'jpg',
    });
    expect(inspeccionar(crearPdf(), { nombre: 'constancia.pdf', tipo: 'application/pdf' })).toEqual({
      ok: true,
      tipo: 'pdf',
      extension: 'pdf',
    });
  });

  it("accepts what phones append after a photo: an HDR gain map, a Galaxy's trailer with its motion photo", () => {
    const foto = jpegConMetadatos();
    expect(rechazo(Buffer.concat([foto, crearJpeg(8, 8)]), 'foto.jpg')).toBe('aceptado');
    const galaxy = trailerSamsung([
      { tipo: 0x0a01, nombre: 'Image_UTC_Data', datos: '1712345678901' },
      { tipo: 0x0a30, nombre: 'MotionPhoto_Data', datos: mp4(4096) },
    ]);
    expect(rechazo(Buffer.concat([foto, galaxy]), 'foto.jpg')).toBe('aceptado');
    expect(rechazo(Buffer.concat([foto, galaxy, crearZip()]), 'foto.jpg')).toBe('FORBIDDEN_CONTENT');
  });

  it('accepts names without an extension and MIME types the browser did not know', () => {
    const jpg = crearJpeg();
    for (const nombre of ['cedula', 'acta 2024.05.01', 'C:\\fakepath\\foto.jpg', 'foto.jfif', '.jpg']) {
      expect(rechazo(jpg, nombre), nombre).toBe('aceptado');
    }
    for (const tipo of ['', 'application/octet-stream', 'image/jpeg; charset=binary', 'IMAGE/JPG', 'image/pjpeg']) {
      expect(rechazo(jpg, 'foto.jpg', tipo), tipo).toBe('aceptado');
    }
  });

  it('accepts exactly 5 MB, and a little padding after the image', () => {
    const png = crearPng();
    const relleno = DOCUMENTO_MAX_BYTES - png.length - 12;
    const justo = insertarChunksPng(png, [chunkPng('prVt', Buffer.alloc(relleno))]);
    expect(justo.length).toBe(DOCUMENTO_MAX_BYTES);
    expect(rechazo(justo, 'a.png')).toBe('aceptado');
    expect(rechazo(Buffer.concat([png, Buffer.alloc(64)]))).toBe('aceptado');
    expect(rechazo(Buffer.concat([crearJpeg(), Buffer.from('\r\n')]))).toBe('aceptado');
  });

  it('does not take a ZIP signature with fields no ZIP reader accepts for a ZIP', () => {
    const firmaSuelta = latin1('PK\x03\x04\xff\xff\0\0\xff\xff');
    expect(
      rechazo(insertarSegmentosJpeg(crearJpeg(), [segmentoJpeg(0xfe, Buffer.concat([firmaSuelta, Buffer.alloc(30)]))])),
    ).toBe('aceptado');
  });

  it('accepts what it stripped, with the same answer', () => {
    for (const [tipo, bytes] of [
      ['png', pngConMetadatos()],
      ['jpeg', jpegConMetadatos()],
      ['pdf', crearPdf()],
    ] as const) {
      expect(inspeccionar(quitarMetadatos(tipo, bytes), { nombre: 'x' })).toMatchObject({ ok: true, tipo });
    }
  });
});

describe('inspeccionar: refusals', () => {
  it('an empty file, and one over 5 MB (a 6 MB photo), each with its message', () => {
    expect(inspeccionar(new Uint8Array(0), { nombre: 'a.jpg' })).toEqual({
      ok: false,
      codigo: 'EMPTY',
      message: SOLICITUD_MSG.documentoVacio,
    });
    const seisMb = Buffer.concat([crearJpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    expect(inspeccionar(seisMb, { nombre: 'a.jpg' })).toEqual({
      ok: false,
      codigo: 'TOO_LARGE',
      message: SOLICITUD_MSG.documentoPesado,
    });
    expect(rechazo(Buffer.alloc(DOCUMENTO_MAX_BYTES + 1))).toBe('TOO_LARGE');
  });

  it.each([
    ['a GIF', latin1('GIF89a\x01\0\x01\0\0\0\0;')],
    ['a web page', latin1('<!DOCTYPE html><html><script>alert(1)</script></html>')],
    ['an SVG', latin1('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a ZIP', crearZip()],
    ['an iPhone HEIC', Buffer.concat([Buffer.from([0, 0, 0, 24]), latin1('ftypheic\0\0\0\0mif1heic')])],
    ['a PDF header not at the start', Buffer.concat([latin1(' '), crearPdf()])],
    ['a JPEG start without a marker', Buffer.from([0xff, 0xd8, 0x00, 0x00, 0xff, 0xd9])],
    ['text', latin1('Cédula 1.234.567-8')],
  ])('a file that is not PDF, JPEG nor PNG: %s', (_, bytes) => {
    expect(inspeccionar(bytes, { nombre: 'archivo' })).toEqual({
      ok: false,
      codigo: 'UNKNOWN_TYPE',
      message: SOLICITUD_MSG.documentoTipoDesconocido,
    });
  });

  it('a PNG renamed .pdf, naming the extension', () => {
    expect(inspeccionar(crearPng(), { nombre: 'cedula.pdf', tipo: 'application/pdf' })).toEqual({
      ok: false,
      codigo: 'TYPE_MISMATCH',
      message: SOLICITUD_MSG.documentoExtension('pdf'),
    });
    expect(SOLICITUD_MSG.documentoExtension('pdf')).toMatch(
      /^El contenido del archivo no coincide con su extensión \(\.pdf\)\. /,
    );
  });

  it.each([
    [crearJpeg(), 'foto.png', undefined, SOLICITUD_MSG.documentoExtension('png')],
    [crearPdf(), 'constancia.jpg', undefined, SOLICITUD_MSG.documentoExtension('jpg')],
    [crearPng(), 'cedula.html', undefined, SOLICITUD_MSG.documentoExtension('html')],
    [crearJpeg(), 'cedula.JPG.exe', undefined, SOLICITUD_MSG.documentoExtension('exe')],
    [crearJpeg(), 'foto.jpg', 'image/png', SOLICITUD_MSG.documentoTipoDeclarado('image/png')],
    [crearPng(), 'foto', 'text/html', SOLICITUD_MSG.documentoTipoDeclarado('text/html')],
    [crearPdf(), 'a.pdf', 'application/pdf<script>', SOLICITUD_MSG.documentoTipoDeclarado('desconocido')],
  ])('content that disagrees with its name or MIME type (%#)', (bytes, nombre, tipo, message) => {
    expect(inspeccionar(bytes, { nombre, tipo })).toEqual({ ok: false, codigo: 'TYPE_MISMATCH', message });
  });

  it.each([
    ['a JPEG with a ZIP appended', () => Buffer.concat([crearJpeg(), crearZip()])],
    ['a PNG with a ZIP appended', () => Buffer.concat([crearPng(), crearZip()])],
    [
      'a PDF with a ZIP appended before a last %%EOF',
      () => Buffer.concat([crearPdf(), crearZip(), latin1('\n%%EOF\n')]),
    ],
    ['a PNG with a ZIP in a chunk before IEND', () => pngConChunkAlFinal(crearZip())],
    [
      'a JPEG with a ZIP in a comment, its end record far from the end',
      () =>
        insertarSegmentosJpeg(crearJpeg(600, 400, { ruido: true }), [
          segmentoJpeg(0xfe, crearZip('x.class', 'cafebabe')),
        ]),
    ],
    [
      'a JPEG with a RAR archive in a comment',
      () => insertarSegmentosJpeg(crearJpeg(), [segmentoJpeg(0xfe, 'Rar!\x1a\x07\x01\0')]),
    ],
    [
      'a JPEG with a PDF header in its first bytes',
      () => insertarSegmentosJpeg(crearJpeg(), [segmentoJpeg(0xfe, '%PDF-1.4\n1 0 obj')]),
    ],
    [
      'a PNG with a PDF deep inside',
      () =>
        insertarChunksPng(crearPng(), [
          chunkPng('prVt', Buffer.alloc(4000)),
          chunkPng('prVu', '%PDF-1.7 trailer startxref'),
        ]),
    ],
    [
      'a PNG with a script in a text chunk at its start',
      () => insertarChunksPng(crearPng(), [chunkPng('tEXt', 'c\0<script>alert(1)</script>')]),
    ],
    [
      'a JPEG with an SVG in its first bytes',
      () => insertarSegmentosJpeg(crearJpeg(), [segmentoJpeg(0xfe, '<svg onload=alert(1)>')]),
    ],
    [
      'a PDF with HTML in its first bytes',
      () => Buffer.concat([latin1('%PDF-1.7\n%<html><body>\n'), crearPdf().subarray(9)]),
    ],
    ['a PNG with HTML after IEND', () => Buffer.concat([crearPng(), latin1('<html><script>alert(1)</script></html>')])],
    ['a PNG with more than a little padding after IEND', () => Buffer.concat([crearPng(), Buffer.alloc(65)])],
    ['a JPEG with data after EOI', () => Buffer.concat([crearJpeg(), latin1('datos escondidos')])],
    ['a PDF with JavaScript', () => crearPdf({ catalogo: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ' })],
    ['a PDF that launches a program', () => crearPdf({ catalogo: '/OpenAction << /S /Launch /F (cmd.exe) >> ' })],
  ])('a polyglot or active content: %s', (_, crear) => {
    expect(inspeccionar(crear(), { nombre: 'documento' })).toEqual({
      ok: false,
      codigo: 'FORBIDDEN_CONTENT',
      message: SOLICITUD_MSG.documentoNoPermitido,
    });
  });

  it('a damaged file: truncated, a bad checksum, a PDF without its end', () => {
    const jpg = crearJpeg();
    expect(inspeccionar(jpg.subarray(0, jpg.length - 10), { nombre: 'a.jpg' })).toEqual({
      ok: false,
      codigo: 'MALFORMED',
      message: SOLICITUD_MSG.documentoDanado,
    });
    const png = crearPng();
    png[png.length - 20]! ^= 0xff;
    expect(rechazo(png)).toBe('MALFORMED');
    const pdf = crearPdf();
    expect(rechazo(pdf.subarray(0, pdf.length - 6))).toBe('MALFORMED');
  });

  it('an encrypted PDF, and an image of too many pixels, each with its message', () => {
    const cifrado = Buffer.from(
      crearPdf().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'),
      'latin1',
    );
    expect(inspeccionar(cifrado, { nombre: 'factura.pdf' })).toMatchObject({
      codigo: 'ENCRYPTED',
      message: SOLICITUD_MSG.documentoCifrado,
    });
    const enorme = Buffer.from(crearJpeg());
    const sof = enorme.indexOf(Buffer.from([0xff, 0xc0]));
    enorme.writeUInt16BE(60_000, sof + 5);
    enorme.writeUInt16BE(60_000, sof + 7);
    expect(inspeccionar(enorme, { nombre: 'a.jpg' })).toMatchObject({
      codigo: 'TOO_MANY_PIXELS',
      message: SOLICITUD_MSG.documentoPixeles,
    });
  });
});

describe('what the browser declared', () => {
  it('reads the extension of the last path segment, letters and digits only', () => {
    expect(extensionDeclarada('Cédula.JPG')).toBe('jpg');
    expect(extensionDeclarada('/tmp/x.tar.gz')).toBe('gz');
    expect(extensionDeclarada('acta 2024.05.01')).toBeNull();
    expect(extensionDeclarada('foto. final')).toBeNull();
    expect(extensionDeclarada('C:\\a.pdf\\foto')).toBeNull();
  });

  it('reads the MIME type without parameters, unknown as null', () => {
    expect(mimeDeclarado(' Image/JPEG ; q=1')).toBe('image/jpeg');
    expect(mimeDeclarado('application/octet-stream')).toBeNull();
    expect(mimeDeclarado(undefined)).toBeNull();
  });
});
