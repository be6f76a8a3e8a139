import { PDF_COLORS as COLORS, PDF_FONTS as FONTS, PDF_PAGE, inFooter } from '../../lib/pdf-document.ts';
import { nombreCompleto, numeroTexto, type PdfRecord } from './inscripto-pdf.ts';

/**
 * The printed index of the PDF masivo: number, name, estado and page of every
 * enrolment, on the pages right after the cover, each row a link to the enrolment's first page. The
 * enrolments stream out first (their page counts are known only once written); the index pages are added
 * at the end and then moved after the cover in the document's page tree, which decides the page order and
 * is written last. The outline entries get their final page numbers at the same time.
 */
export interface IndexEntry {
  numero: string;
  nombre: string;
  estado: 'FINALIZADO' | 'PENDIENTE';
  /** The 0-based position of the enrolment's first page before the index is placed. */
  pageIndex: number;
  /** Its outline entry (pdfkit's outline item), retitled with the final page. */
  bookmark: unknown;
}

const ROW_HEIGHT = 15;
const PAGE_HEIGHT = 841.89;
const TITLE_HEIGHT = 56;
const HEAD_HEIGHT = 20;
/** Rows that fit under the column heads (and the title, on the first index page). */
const usable = PAGE_HEIGHT - PDF_PAGE.margin - (PDF_PAGE.margin + 16) - HEAD_HEIGHT;
export const ROWS_FIRST = Math.floor((usable - TITLE_HEIGHT) / ROW_HEIGHT);
export const ROWS_NEXT = Math.floor(usable / ROW_HEIGHT);

export function indexPageCount(entries: number): number {
  return entries <= ROWS_FIRST ? 1 : 1 + Math.ceil((entries - ROWS_FIRST) / ROWS_NEXT);
}

export function indexEntry(r: PdfRecord, pageIndex: number, bookmark: unknown): IndexEntry {
  return {
    numero: numeroTexto(r).replace('Inscripción ', ''),
    nombre: nombreCompleto(r),
    estado: r.estado === 'finalizado' ? 'FINALIZADO' : 'PENDIENTE',
    pageIndex,
    bookmark,
  };
}

/** The outline title of an enrolment, as the index row reads. */
function bookmarkTitle(e: IndexEntry, page: number): string {
  const numero = e.numero === 'Sin número' ? e.numero : `Inscripción ${e.numero}`;
  return `${numero} · ${e.nombre} · ${e.estado} · página ${page}`;
}

interface Columns {
  numero: number;
  nombre: number;
  estado: number;
  pagina: number;
  nombreWidth: number;
  right: number;
}

function columns(doc: PDFKit.PDFDocument): Columns {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  return { numero: left, nombre: left + 70, estado: right - 150, pagina: right - 50, nombreWidth: 300, right };
}

function heads(doc: PDFKit.PDFDocument, c: Columns) {
  const y = doc.y;
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted);
  doc.text('N°', c.numero, y, { lineBreak: false });
  doc.text('Nombre', c.nombre, y, { lineBreak: false });
  doc.text('Estado', c.estado, y, { lineBreak: false });
  doc.text('Página', c.pagina, y, { width: 50, align: 'right', lineBreak: false });
  const line = y + 13;
  doc.moveTo(c.numero, line).lineTo(c.right, line).lineWidth(0.7).strokeColor(COLORS.rule).stroke();
  doc.y = y + HEAD_HEIGHT;
}

/** pdfkit's link() also takes a 0-based page index (a GoTo to that page), which its types leave out. */
const linkToPage = (doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, page: number) =>
  (doc.link as unknown as (x: number, y: number, w: number, h: number, page: number) => void).call(
    doc,
    x,
    y,
    w,
    h,
    page,
  );

function footer(doc: PDFKit.PDFDocument, n: number, total: number) {
  inFooter(doc, (y, left, width) => {
    doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
    doc.text(`Índice · Página ${n} de ${total}`, left, y, { width, align: 'right', lineBreak: false });
  });
}

/**
 * Writes the index pages at the end of the document and places them after the first page (the cover).
 * Call once every enrolment is written, before doc.end(). Each index page is flushed when full.
 */
export function writeIndex(doc: PDFKit.PDFDocument, entries: readonly IndexEntry[]): void {
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: unknown[] } } } } })._root.data.Pages.data
    .Kids;
  const firstIndexPage = kids.length;
  const total = indexPageCount(entries.length);
  // Final 1-based page of an enrolment: the cover, the index pages, then the enrolments in order.
  const finalPage = (pageIndex: number) => pageIndex + total + 1;
  let row = 0;
  for (let p = 0; p < total; p++) {
    doc.addPage();
    const c = columns(doc);
    if (p === 0) {
      doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.accent).text('Índice', c.numero, doc.y);
      doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.muted);
      doc.text(`${entries.length} inscripciones, en el orden del documento.`, c.numero, doc.y + 4);
      doc.y = doc.page.margins.top + TITLE_HEIGHT;
    }
    heads(doc, c);
    const rows = p === 0 ? ROWS_FIRST : ROWS_NEXT;
    for (let i = 0; i < rows && row < entries.length; i++, row++) {
      const e = entries[row]!;
      const page = finalPage(e.pageIndex);
      const y = doc.y;
      doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.ink);
      doc.text(e.numero, c.numero, y, { lineBreak: false });
      doc.text(e.nombre, c.nombre, y, { width: c.nombreWidth, lineBreak: false, ellipsis: true, height: ROW_HEIGHT });
      doc.text(e.estado, c.estado, y, { lineBreak: false });
      doc.text(String(page), c.pagina, y, { width: 50, align: 'right', lineBreak: false });
      linkToPage(doc, c.numero, y - 2, c.right - c.numero, ROW_HEIGHT, e.pageIndex);
      const item = e.bookmark as { outlineData?: { Title?: unknown } } | undefined;
      if (item?.outlineData) item.outlineData.Title = new String(bookmarkTitle(e, page));
      doc.y = y + ROW_HEIGHT;
    }
    footer(doc, p + 1, total);
    doc.flushPages();
  }
  // The page tree decides the order: the index pages go right after the cover.
  const indexPages = kids.splice(firstIndexPage, total);
  kids.splice(1, 0, ...indexPages);
}
