import { describe, expect, it } from 'vitest';
import { crearPdf, jpegConMetadatos, pngConMetadatos } from '../../test/documentos-fixtures.ts';
import { quitarMetadatos } from './metadatos.ts';

describe('quitarMetadatos', () => {
  it('strips images by type and leaves a PDF byte for byte', () => {
    const png = pngConMetadatos();
    const jpg = jpegConMetadatos();
    const pdf = crearPdf({ info: '<< /Author (Juan) >>' });
    expect(Buffer.from(quitarMetadatos('png', png)).includes('eXIf')).toBe(false);
    expect(Buffer.from(quitarMetadatos('jpeg', jpg)).includes('Pixel 8')).toBe(false);
    expect(quitarMetadatos('pdf', pdf)).toBe(pdf);
  });

  it('refuses to strip what is not the type it was told (inspeccionar comes first)', () => {
    expect(() => quitarMetadatos('png', jpegConMetadatos())).toThrow(/not a valid PNG/);
    expect(() => quitarMetadatos('jpeg', pngConMetadatos())).toThrow(/not a valid JPEG/);
  });
});
