import { describe, expect, it } from 'vitest';
import { crearJpeg, crearPdf, crearZip } from '../../test/documentos-fixtures.ts';
import { otroFormatoEscondido } from './poliglotas.ts';
import { revisarPdf } from './pdf.ts';

/** `n` bytes of deterministic noise (xorshift32), like compressed image data. */
function ruido(n: number, semilla = 0x9e3779b9): Buffer {
  const b = Buffer.alloc(n);
  let x = semilla;
  for (let i = 0; i < n; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b.writeInt32LE(x | 0, i);
  }
  return b;
}
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const enMedio = (b: Buffer) => Buffer.concat([crearJpeg(), ruido(200_000), b, ruido(200_000)]);

describe('otroFormatoEscondido', () => {
  it('finds each signature where its readers look', () => {
    const jpg = crearJpeg();
    const zip = crearZip();
    expect(otroFormatoEscondido(Buffer.concat([jpg, zip.subarray(-22)]), 'jpeg')).toBe(true); // end record only, at the end
    expect(otroFormatoEscondido(enMedio(zip.subarray(0, 40)), 'jpeg')).toBe(true); // local header only, anywhere
    expect(otroFormatoEscondido(enMedio(latin1('Rar!\x1a\x07\0')), 'jpeg')).toBe(true);
    expect(otroFormatoEscondido(enMedio(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])), 'png')).toBe(true);
    expect(otroFormatoEscondido(enMedio(latin1('%PDF-1.4')), 'jpeg')).toBe(true);
    expect(otroFormatoEscondido(enMedio(latin1('startxref')), 'png')).toBe(true);
    for (const marca of ['<HTML>', '<Script', '<svg', '<iframe', '<!DOCTYPE', '<?php', '<img src=x onerror=']) {
      expect(
        otroFormatoEscondido(Buffer.concat([jpg.subarray(0, 20), latin1(marca), jpg.subarray(20)]), 'jpeg'),
        marca,
      ).toBe(true);
    }
  });

  it('leaves what readers do not look at: an end record far from the end, HTML past the first 1,024 bytes', () => {
    expect(otroFormatoEscondido(enMedio(crearZip().subarray(-22)), 'jpeg')).toBe(false);
    expect(otroFormatoEscondido(Buffer.concat([ruido(2000), latin1('<script>')]), 'jpeg')).toBe(false);
  });

  it('lets a PDF carry its own header and JPEG images', () => {
    expect(otroFormatoEscondido(Buffer.concat([crearPdf(), crearJpeg()]), 'pdf')).toBe(false);
  });

  it('does not find formats in 20 MB of noise (compressed data) nor a PDF keyword in a 5 MB image stream', () => {
    for (let i = 0; i < 4; i++) expect(otroFormatoEscondido(ruido(5 * 1024 * 1024, 0x1234567 + i), 'jpeg')).toBe(false);
    const imagen = ruido(5 * 1024 * 1024 - 2000, 42);
    const objeto = Buffer.concat([
      latin1(`<< /Type /XObject /Subtype /Image /Filter /DCTDecode /Length ${imagen.length} >>\nstream\n`),
      imagen,
      latin1('\nendstream'),
    ]);
    expect(revisarPdf(crearPdf({ objetos: [objeto] }))).toEqual({ ok: true });
  });
});
