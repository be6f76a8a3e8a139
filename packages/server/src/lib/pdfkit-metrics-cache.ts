import type PDFDocumentClass from 'pdfkit';

/**
 * pdfkit parses a standard font's AFM metrics (Helvetica: 315 glyph widths, 2,705 kerning pairs) again for every new
 * document, more than it takes to write the pages of one enrolment, so in the ZIP export
 * (one small PDF per enrolment) it was much of the time. The parsed tables are only ever read, so
 * documents share them: the first parse of each font's text is kept and copied by reference afterwards.
 *
 * pdfkit does not export its AFMFont class; it is reached through a font of a throw-away document. If a
 * pdfkit upgrade changes that shape, nothing is patched and documents parse their fonts as before
 * (pdfkit-metrics-cache.test.ts fails, so the upgrade does not go unnoticed).
 */
interface AfmTables {
  attributes: object;
  glyphWidths: object;
  boundingBoxes: object;
  kernPairs: object;
}
type AfmFont = AfmTables & { parse(contents: string): void };

function afmFontClass(PDFDocument: typeof PDFDocumentClass): { prototype: AfmFont } | undefined {
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.font('Helvetica');
  const font = (probe as unknown as { _font?: { font?: object } })._font?.font;
  const proto = font ? (Object.getPrototypeOf(font) as Partial<AfmFont>) : undefined;
  return typeof proto?.parse === 'function' ? (proto.constructor as { prototype: AfmFont }) : undefined;
}

/** Makes the documents of `PDFDocument` share parsed font metrics; false if pdfkit's internals changed. */
export function shareFontMetrics(PDFDocument: typeof PDFDocumentClass): boolean {
  const AfmFontClass = afmFontClass(PDFDocument);
  if (!AfmFontClass) return false;
  const parse = AfmFontClass.prototype.parse;
  const parsed = new Map<string, AfmTables>();
  AfmFontClass.prototype.parse = function (this: AfmFont, contents: string) {
    const known = parsed.get(contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    const { attributes, glyphWidths, boundingBoxes, kernPairs } = this;
    parsed.set(contents, { attributes, glyphWidths, boundingBoxes, kernPairs });
  };
  return true;
}
