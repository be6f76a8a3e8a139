import type PDFDocumentClass from 'pdfkit';
import { lazyLibrary } from './lazy-library.ts';
import { shareFontMetrics } from './pdfkit-metrics-cache.ts';

const pdfkitLibrary = lazyLibrary<typeof PDFDocumentClass>('pdfkit');
let loaded: { PDFDocument: typeof PDFDocumentClass; sharesFontMetrics: boolean } | undefined;

/** pdfkit, loaded when the first PDF is drawn (lib/lazy-library.ts), its documents sharing font metrics. */
export function pdfkit(): NonNullable<typeof loaded> {
  if (!loaded) {
    const PDFDocument = pdfkitLibrary();
    loaded = { PDFDocument, sharesFontMetrics: shareFontMetrics(PDFDocument) };
  }
  return loaded;
}

/** The A4 page every PDF of the system uses (enrolments, the mass export, raffle actas). */
export const PDF_PAGE = { size: 'A4' as const, margin: 48 };
const FOOTER_COLOR = '#5f6b7a';

/**
 * A new A4 document that draws its footer (by default "Página N") as each page opens, so nothing is
 * buffered and long documents stream. The caller adds the first page. With `footer` null the pages are
 * buffered instead and the caller writes the footers and flushes (enrolments: "Página N de M" per record).
 * With `creado` the file's creation date is that one, so drawing the same content again gives the same bytes.
 */
export function newPdfDocument(
  title: string,
  footer: ((page: number) => string) | null = (page) => `Página ${page}`,
  creado?: Date,
): PDFKit.PDFDocument {
  const { margin } = PDF_PAGE;
  const doc = new (pdfkit().PDFDocument)({
    size: PDF_PAGE.size,
    margins: { top: margin, bottom: margin + 16, left: margin, right: margin },
    info: {
      Title: title,
      Author: 'Inscripciones',
      Creator: 'Inscripciones',
      ...(creado ? { CreationDate: creado } : {}),
    },
    autoFirstPage: false,
    bufferPages: footer === null,
  });
  if (footer === null) return doc;
  let page = 0;
  doc.on('pageAdded', () => {
    page += 1;
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(FOOTER_COLOR)
      .text(footer(page), margin, doc.page.height - margin, {
        width: doc.page.width - 2 * margin,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.x = margin;
    doc.y = margin;
  });
  return doc;
}
