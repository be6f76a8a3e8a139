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

/**
 * The kit every PDF of the system is drawn with (enrolments, the mass export and its index, the personal-data
 * report, the status certificate, the places' tables, the raffle's list and acta): the A4 page, one palette,
 * pdfkit's standard fonts (Helvetica renders á, ñ, º) and the page break.
 */
export const PDF_PAGE = { size: 'A4' as const, margin: 48 };

export const PDF_COLORS = {
  ink: '#1f2933',
  muted: '#5f6b7a',
  rule: '#d5dbe3',
  accent: '#0b5394',
  danger: '#a61b1b',
  /** Section bands of an enrolment. */
  band: '#e9eef5',
  /** Table heads. */
  bandLight: '#f1f4f8',
};

export const PDF_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier', monoBold: 'Courier-Bold' };

/** Where the current page's content ends: its bottom margin. */
export const pageBottom = (doc: PDFKit.PDFDocument): number => doc.page.height - doc.page.margins.bottom;

/**
 * Draws in the page's footer band, below the bottom margin, where text would otherwise open a new page:
 * `draw` gets the band's top, the left margin and the content width.
 */
export function inFooter(doc: PDFKit.PDFDocument, draw: (y: number, left: number, width: number) => void): void {
  const { bottom } = doc.page.margins;
  doc.page.margins.bottom = 0;
  const { left, right, top } = doc.page.margins;
  draw(doc.page.height - top, left, doc.page.width - left - right);
  doc.page.margins.bottom = bottom;
}

/** Starts a new page unless `height` more points fit above the bottom margin. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

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
    inFooter(doc, (y, left, width) =>
      doc
        .font(PDF_FONTS.regular)
        .fontSize(8)
        .fillColor(PDF_COLORS.muted)
        .text(footer(page), left, y, { width, align: 'right', lineBreak: false }),
    );
    doc.x = margin;
    doc.y = margin;
  });
  return doc;
}
