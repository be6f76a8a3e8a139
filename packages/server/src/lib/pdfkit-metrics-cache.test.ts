import { describe, expect, it } from 'vitest';
import { newPdfDocument, pdfkit } from './pdf-document.ts';

const metricsOf = (doc: PDFKit.PDFDocument) =>
  (doc as unknown as { _font: { font: { kernPairs: object; widthOfGlyph(g: string): number } } })._font.font;

describe('pdfkit font metrics shared between documents', () => {
  it('parses Helvetica once: a second document reuses the same tables, with the same widths', () => {
    expect(pdfkit().sharesFontMetrics).toBe(true);
    const [a, b] = [newPdfDocument('a'), newPdfDocument('b')].map((doc) => metricsOf(doc.font('Helvetica')));
    expect(b!.kernPairs).toBe(a!.kernPairs);
    expect(b!.widthOfGlyph('A')).toBe(667); // Helvetica.afm: C 65 ; WX 667 ; N A
    const bold = metricsOf(newPdfDocument('c').font('Helvetica-Bold'));
    expect(bold.kernPairs).not.toBe(a!.kernPairs);
    expect(bold.widthOfGlyph('A')).toBe(722);
  });
});
