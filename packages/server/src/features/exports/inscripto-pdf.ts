import {
  PDF_COLORS as COLORS,
  PDF_FONTS as FONTS,
  ensureSpace,
  inFooter,
  newPdfDocument,
} from '../../lib/pdf-document.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import {
  HERMANO_FIELD_LABELS,
  SECTION_NUMBERS,
  SECTION_TITLES,
  sectionFields,
} from '@inscripciones/shared/inscriptos/fields.ts';
import { displayValue, EMPTY_VALUE as EMPTY, siblingValue } from '@inscripciones/shared/inscriptos/display-value.ts';
import { documentDerived } from '@inscripciones/shared/inscriptos/document-view.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { pdfText } from '../../lib/pdf-text.ts';

/**
 * The PDF of one enrolment (A4), written with pdfkit's standard Helvetica: it renders á, é, ñ, ü and º
 * (WinAnsi) but not ✓ ✗, so booleans read "Sí"/"No". `renderInscripto` writes one enrolment starting on a
 * new page of an existing document, so the mass export and the ZIP reuse it page for page. Empty optional
 * fields are left out (a section with nothing typed says so in one line), so an enrolment fits two pages,
 * and every page names the child and the number with "Página N de M" of that enrolment.
 */
/**
 * An enrolment as GET /api/inscriptos/{id} gives it to the reader (rowToInscripto, then paraElLector), with the
 * derived values the API gives (document-view.ts): the PDF never works them out again from the form fields. An
 * unsaved copy (exports-service.ts) has only what was typed, with the values derived from it.
 */
export type PdfRecord = Partial<TInscripto>;

function dateTime(iso: string | undefined): string {
  const { fecha, hora } = fechaHoraMontevideo(iso);
  return fecha ? `${fecha} ${hora}` : EMPTY;
}

function contentWidth(doc: PDFKit.PDFDocument) {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** "Inscripción 007" or "Sin número", as the header and every footer show it. */
export function numeroTexto(r: PdfRecord): string {
  return r.numeroInscripcion ? `Inscripción ${String(r.numeroInscripcion).padStart(3, '0')}` : 'Sin número';
}

/** The child's full name as typed (first and second names and surnames), or "Sin nombre". */
export function nombreCompleto(r: PdfRecord): string {
  const parts = [r.nombre1, r.nombre2, r.apellido1, r.apellido2].filter((p) => typeof p === 'string' && p.trim());
  return parts.length ? pdfText(parts.join(' ')) : 'Sin nombre';
}

function header(doc: PDFKit.PDFDocument, r: PdfRecord, subtitle: string | undefined, escuela: string | undefined) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  // The school the record belongs to (decision 0036): a network prints the documents of many.
  if (escuela)
    doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted).text(pdfText(escuela), left, doc.y, { width });
  doc.font(FONTS.bold).fontSize(16).fillColor(COLORS.accent).text('Inscripción a primer año', left, doc.y, { width });
  if (subtitle) doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.danger).text(pdfText(subtitle), { width });
  doc.font(FONTS.bold).fontSize(12).fillColor(COLORS.ink).text(nombreCompleto(r), { width });
  doc.moveDown(0.4);
  const numero = r.numeroInscripcion ? String(r.numeroInscripcion).padStart(3, '0') : 'Sin número';
  const estadoTexto = r.estado === 'finalizado' ? 'FINALIZADO' : 'PENDIENTE';
  const derived = documentDerived(r);
  const rows: [string, string][] = [
    ['N° de inscripción', numero],
    ['Estado', estadoTexto],
    ['Fecha de inscripción', dateTime(r.fechaInscripcion)],
    ['Última modificación', dateTime(r.updatedAt)],
    ['Inscripción realizada por', typeof r.funcionario === 'string' && r.funcionario ? r.funcionario : EMPTY],
    ['Inscripción condicional', derived.condicional],
    ['Estrato socioeconómico', derived.estrato || EMPTY],
  ];
  const top = doc.y;
  const boxHeight = rows.length * 14 + 12;
  doc.rect(left, top, width, boxHeight).fill(COLORS.band);
  rows.forEach(([label, value], i) => {
    const y = top + 8 + i * 14;
    doc
      .font(FONTS.regular)
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(label, left + 10, y, { lineBreak: false });
    doc
      .font(FONTS.bold)
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(value, left + 170, y - 1, { lineBreak: false });
  });
  doc.x = left;
  doc.y = top + boxHeight + 12;
}

function sectionTitle(doc: PDFKit.PDFDocument, n: number, title: string) {
  ensureSpace(doc, 48);
  const left = doc.page.margins.left;
  doc.moveDown(0.3);
  doc.font(FONTS.bold).fontSize(11).fillColor(COLORS.accent).text(`${n}. ${title}`, left, doc.y, { lineBreak: false });
  // Without line breaking pdfkit leaves y on the line just written.
  const y = doc.y + doc.currentLineHeight(true) + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(0.7)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 5;
}

/**
 * One "label: value" row; long values wrap within the value column. Most rows fit on one line: those are
 * measured and written without pdfkit's line wrapper, which is most of the cost of a PDF of 10,000 records.
 */
function row(doc: PDFKit.PDFDocument, label: string, typed: string) {
  const value = pdfText(typed);
  const left = doc.page.margins.left;
  const labelWidth = 190;
  const valueWidth = contentWidth(doc) - labelWidth - 8;
  doc.font(FONTS.regular).fontSize(9);
  const oneLine =
    !/\n/.test(label + value) && doc.widthOfString(label) <= labelWidth && doc.widthOfString(value) <= valueWidth;
  const height = oneLine
    ? doc.currentLineHeight(true)
    : Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth }));
  ensureSpace(doc, height + 3);
  const y = doc.y;
  const fit = (width: number) => (oneLine ? { lineBreak: false } : { width });
  doc.fillColor(COLORS.muted).text(label, left, y, fit(labelWidth));
  doc.fillColor(COLORS.ink).text(value, left + labelWidth + 8, y, fit(valueWidth));
  doc.x = left;
  doc.y = y + height + 3;
}

function siblings(doc: PDFKit.PDFDocument, listName: string, list: unknown, fields: string[]) {
  const items = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  if (!items.length) {
    row(doc, 'Hermanos', 'Ninguno');
    return;
  }
  items.forEach((h, i) => {
    const parts = fields.map((f) => `${HERMANO_FIELD_LABELS[f] ?? f}: ${siblingValue(listName, f, h[f])}`);
    row(doc, `Hermano ${i + 1}`, parts.join(' · '));
  });
}

const SIBLING_FIELDS = new Set([
  'hermanosInscriben',
  'hermanosPrimaria',
  'cantidadHermanosInscriben',
  'tieneHermanosPrimaria',
]);

/**
 * "Inscripción 007 · Agustín Muñoz · Página 1 de 2" on each page the enrolment took. The document buffers
 * its pages (newPdfDocument with perRecordFooter), so the count is known once the enrolment is written; the
 * pages are then flushed, and a long export still streams one enrolment at a time.
 */
function footers(doc: PDFKit.PDFDocument, r: PdfRecord, firstPage: number) {
  const { start, count } = doc.bufferedPageRange();
  const last = start + count - 1;
  const total = last - firstPage + 1;
  const label = `${numeroTexto(r)} · ${nombreCompleto(r)}`;
  for (let i = firstPage; i <= last; i++) {
    doc.switchToPage(i);
    inFooter(doc, (y, left, width) => {
      doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
      doc.text(label, left, y, { width: width - 90, lineBreak: false, ellipsis: true });
      doc.text(`Página ${i - firstPage + 1} de ${total}`, left, y, { width, align: 'right', lineBreak: false });
    });
  }
  doc.flushPages();
}

export interface RenderOptions {
  /** Marks special copies (the backup PDF). */
  subtitle?: string;
  /** Adds the enrolment to the document's outline, the mass PDF's index. */
  bookmark?: boolean;
  /** The school's name, the page's first line. */
  escuela?: string | undefined;
}

/** Writes one enrolment starting on a new page of a document made with newPdfDocument(title, null). */
export function renderInscripto(doc: PDFKit.PDFDocument, r: PdfRecord, options: RenderOptions = {}): void {
  doc.addPage();
  const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
  if (options.bookmark) {
    const estado = r.estado === 'finalizado' ? 'FINALIZADO' : 'PENDIENTE';
    doc.outline.addItem(`${numeroTexto(r)} · ${nombreCompleto(r)} · ${estado} · página ${firstPage + 1}`);
  }
  header(doc, r, options.subtitle, options.escuela);
  body(doc, r);
  footers(doc, r, firstPage);
}

function body(doc: PDFKit.PDFDocument, r: PdfRecord) {
  for (const n of SECTION_NUMBERS) {
    sectionTitle(doc, n, SECTION_TITLES[n]);
    if (n === 9) {
      row(
        doc,
        'Cantidad de hermanos que se inscriben',
        displayValue('cantidadHermanosInscriben', r.cantidadHermanosInscriben),
      );
      siblings(doc, 'hermanosInscriben', r.hermanosInscriben, ['nombre', 'nivel', 'ci', 'sexo']);
      continue;
    }
    if (n === 10) {
      row(doc, 'Tiene hermanos en primaria', displayValue('tieneHermanosPrimaria', r.tieneHermanosPrimaria));
      siblings(doc, 'hermanosPrimaria', r.hermanosPrimaria, ['nombre', 'nivel', 'grupo']);
      continue;
    }
    // Only what was answered: an empty field is a "—" row that fills pages and says nothing.
    const answered = sectionFields(n).filter((f) => !SIBLING_FIELDS.has(f.name) && !isBlank(r[f.name]));
    if (!answered.length) row(doc, 'Sin datos', 'No se completó ningún campo de esta sección.');
    for (const field of answered) row(doc, field.label, displayValue(field.name, r[field.name]));
  }
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** A finished single-enrolment PDF as a stream (the caller pipes it to the response). */
export function inscriptoPdf(r: PdfRecord, options: Omit<RenderOptions, 'bookmark'> = {}): PDFKit.PDFDocument {
  const doc = newPdfDocument(`Inscripción ${r.numeroInscripcion ?? ''}`.trim(), null);
  renderInscripto(doc, r, options);
  doc.end();
  return doc;
}
