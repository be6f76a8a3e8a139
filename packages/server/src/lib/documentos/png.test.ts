import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { chunkPng, crearPng, insertarChunksPng, pngConMetadatos } from '../../test/documentos-fixtures.ts';
import { PNG_FIRMA, quitarMetadatosPng, recorrerPng } from './png.ts';

const tipos = (png: Buffer) => {
  const r = recorrerPng(png);
  if (!r.ok) throw new Error(r.codigo);
  return r.chunks.map((c) => c.tipo);
};

function ihdr(ancho: number, alto: number, profundidad = 8, tipoColor = 6): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(ancho, 0);
  d.writeUInt32BE(alto, 4);
  d[8] = profundidad;
  d[9] = tipoColor;
  return chunkPng('IHDR', d);
}
/** A PNG whose chunks after IHDR are those of crearPng() but with another IHDR. */
const conIhdr = (c: Buffer) => Buffer.concat([PNG_FIRMA, c, crearPng().subarray(33)]);

describe('recorrerPng', () => {
  it('walks a PNG to IEND and reads its size', () => {
    const r = recorrerPng(pngConMetadatos());
    expect(r.ok && { ancho: r.ancho, alto: r.alto, ultimo: r.chunks.at(-1)!.tipo }).toEqual({
      ancho: 16,
      alto: 12,
      ultimo: 'IEND',
    });
  });

  it('refuses a wrong CRC, a truncated file and a file without IEND', () => {
    const png = crearPng();
    const crc = Buffer.from(png);
    crc[29]! ^= 1; // IHDR's CRC
    expect(recorrerPng(crc)).toEqual({ ok: false, codigo: 'MALFORMED' });
    expect(recorrerPng(png.subarray(0, png.length - 20))).toEqual({ ok: false, codigo: 'MALFORMED' });
    expect(recorrerPng(png.subarray(0, png.length - 12))).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('refuses an unknown critical chunk, IDAT split by another chunk, and an impossible IHDR', () => {
    expect(recorrerPng(insertarChunksPng(crearPng(), [chunkPng('ABCD', 'x')])).ok).toBe(false);
    const png = crearPng();
    const partido = Buffer.concat([
      png.subarray(0, -12),
      chunkPng('tEXt', 'a\0b'),
      chunkPng('IDAT', ''),
      png.subarray(-12),
    ]);
    expect(recorrerPng(partido)).toEqual({ ok: false, codigo: 'MALFORMED' });
    expect(recorrerPng(conIhdr(ihdr(16, 12, 16, 3)))).toEqual({ ok: false, codigo: 'MALFORMED' }); // palette of 16 bits
    expect(recorrerPng(conIhdr(ihdr(0, 12)))).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('refuses more than 50,000 chunks', () => {
    const vacios = (n: number) => Buffer.alloc(12 * n, chunkPng('prVt', ''));
    expect(recorrerPng(insertarChunksPng(crearPng(), [vacios(49_000)])).ok).toBe(true);
    expect(recorrerPng(insertarChunksPng(crearPng(), [vacios(50_000)]))).toEqual({ ok: false, codigo: 'MALFORMED' });
  });

  it('refuses a PNG that declares more than 64 megapixels (a decompression bomb for whoever opens it)', () => {
    expect(recorrerPng(conIhdr(ihdr(10_000, 10_000)))).toEqual({ ok: false, codigo: 'TOO_MANY_PIXELS' });
  });
});

describe('quitarMetadatosPng', () => {
  it('drops text, Exif with GPS, time, the ICC profile and private chunks; keeps gamma and pixel size', () => {
    const original = pngConMetadatos();
    expect(tipos(original)).toEqual([
      'IHDR',
      'gAMA',
      'pHYs',
      'eXIf',
      'tEXt',
      'zTXt',
      'iTXt',
      'tIME',
      'iCCP',
      'prVt',
      'IDAT',
      'IEND',
    ]);
    const limpio = quitarMetadatosPng(original);
    expect(tipos(limpio)).toEqual(['IHDR', 'gAMA', 'pHYs', 'IDAT', 'IEND']);
    for (const rastro of ['Pixel 8', 'Google', 'Familia', 'GPS', 'xmpmeta', 'Author']) {
      expect(limpio.includes(rastro, 0, 'latin1'), rastro).toBe(false);
    }
  });

  it('decodes to the same pixels', () => {
    const original = pngConMetadatos();
    const antes = PNG.sync.read(original);
    const despues = PNG.sync.read(quitarMetadatosPng(original));
    expect([despues.width, despues.height]).toEqual([16, 12]);
    expect(despues.data.equals(antes.data)).toBe(true);
  });

  it('keeps the palette and its transparency, and drops what follows IEND', () => {
    const indexado = Buffer.concat([
      PNG_FIRMA,
      ihdr(2, 1, 8, 3),
      chunkPng('PLTE', Buffer.from([255, 0, 0, 0, 0, 255])),
      chunkPng('tRNS', Buffer.from([255, 128])),
      chunkPng('tEXt', 'Software\0Editor'),
      chunkPng('IDAT', zlib.deflateSync(Buffer.from([0, 0, 1]))), // filter 0, indices 0 and 1
      chunkPng('IEND', ''),
      Buffer.alloc(4),
    ]);
    const limpio = quitarMetadatosPng(indexado);
    expect(tipos(limpio)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    expect(limpio.subarray(-8).toString('latin1', 0, 4)).toBe('IEND');
    const decodificado = PNG.sync.read(limpio);
    expect([...decodificado.data]).toEqual([255, 0, 0, 255, 0, 0, 255, 128]);
  });
});
