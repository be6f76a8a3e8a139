import { newPdfDocument } from '../../lib/pdf-document.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import {
  HERMANO_FIELD_LABELS,
  SECTION_NUMBERS,
  SECTION_TITLES,
  sectionFields,
} from '@inscripciones/shared/inscriptos/fields.ts';
import { optionLabel } from '@inscripciones/shared/inscriptos/options.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { formatDateDMY } from '@inscripciones/shared/inscriptos/dates.ts';
import { estrato, isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';

/**
 * The PDF of one enrolment (A4), written with pdfkit's standard Helvetica: it renders á, é, ñ, ü and º
 * (WinAnsi) but not ✓ ✗, so booleans read "Sí"/"No". `renderInscripto` writes one enrolment starting on a
 * new page of an existing document, so the mass export and the ZIP reuse it page for page.
 */
export interface PdfRecord {
  [field: string]: unknown;
  numeroInscripcion?: number | null;
  estado?: string;
  fechaInscripcion?: string;
  updatedAt?: string;
  funcionario?: string | null;
}

const COLORS = { ink: '#1f2933', muted: '#5f6b7a', rule: '#d5dbe3', band: '#e9eef5', accent: '#0b5394' };
const EMPTY = '—';

function dateTime(iso: string | undefined): string {
  const { fecha, hora } = fechaHoraMontevideo(iso);
  return fecha ? `${fecha} ${hora}` : EMPTY;
}

/** The human-readable value of a field: option labels, Sí/No, DD/MM/YYYY, X.XXX.XXX-X. */
export function displayValue(field: string, value: unknown): string {
  if (field === 'ci' && typeof value === 'string') return formatCi(value);
  if (field === 'fechaNacimiento' && typeof value === 'string') return formatDateDMY(value) || value;
  const text = optionLabel(field, value);
  return text === '' ? EMPTY : text;
}

function contentWidth(doc: PDFKit.PDFDocument) {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function header(doc: PDFKit.PDFDocument, r: PdfRecord, subtitle: string | undefined) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(COLORS.accent)
    .text('Inscripción a primer año', left, doc.y, { width });
  if (subtitle) doc.font('Helvetica').fontSize(9).fillColor('#a61b1b').text(subtitle, { width });
  doc.moveDown(0.4);
  const numero = r.numeroInscripcion ? String(r.numeroInscripcion).padStart(3, '0') : 'Sin número';
  const estadoTexto = r.estado === 'finalizado' ? 'FINALIZADO' : 'PENDIENTE';
  const rows: [string, string][] = [
    ['N° de inscripción', numero],
    ['Estado', estadoTexto],
    ['Fecha de inscripción', dateTime(r.fechaInscripcion)],
    ['Última modificación', dateTime(r.updatedAt)],
    ['Inscripción realizada por', typeof r.funcionario === 'string' && r.funcionario ? r.funcionario : EMPTY],
    ['Inscripción condicional', isConditional(r as Parameters<typeof isConditional>[0]) ? 'Sí' : 'No'],
    [
      'Estrato socioeconómico',
      estrato(r.ingresosAclarar as string | undefined, r.totalIntegrantesHogar as string | undefined),
    ],
  ];
  const top = doc.y;
  const boxHeight = rows.length * 14 + 12;
  doc.rect(left, top, width, boxHeight).fill(COLORS.band);
  rows.forEach(([label, value], i) => {
    const y = top + 8 + i * 14;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(label, left + 10, y, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
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
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(COLORS.accent)
    .text(`${n}. ${title}`, left, doc.y, { lineBreak: false });
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
function row(doc: PDFKit.PDFDocument, label: string, value: string) {
  const left = doc.page.margins.left;
  const labelWidth = 190;
  const valueWidth = contentWidth(doc) - labelWidth - 8;
  doc.font('Helvetica').fontSize(9);
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

function siblings(doc: PDFKit.PDFDocument, list: unknown, fields: string[]) {
  const items = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  if (!items.length) {
    row(doc, 'Hermanos', 'Ninguno');
    return;
  }
  items.forEach((h, i) => {
    const parts = fields.map(
      (f) =>
        `${HERMANO_FIELD_LABELS[f] ?? f}: ${f === 'ci' && typeof h[f] === 'string' ? formatCi(h[f]) : (h[f] ?? EMPTY)}`,
    );
    row(doc, `Hermano ${i + 1}`, parts.join(' · '));
  });
}

/** Writes one enrolment starting on a new page. `subtitle` marks special copies (the backup PDF). */
export function renderInscripto(doc: PDFKit.PDFDocument, r: PdfRecord, subtitle?: string): void {
  doc.addPage();
  header(doc, r, subtitle);
  for (const n of SECTION_NUMBERS) {
    sectionTitle(doc, n, SECTION_TITLES[n]);
    if (n === 9) {
      row(
        doc,
        'Cantidad de hermanos que se inscriben',
        displayValue('cantidadHermanosInscriben', r.cantidadHermanosInscriben),
      );
      siblings(doc, r.hermanosInscriben, ['nombre', 'nivel', 'ci', 'sexo']);
      continue;
    }
    if (n === 10) {
      row(doc, 'Tiene hermanos en primaria', displayValue('tieneHermanosPrimaria', r.tieneHermanosPrimaria));
      siblings(doc, r.hermanosPrimaria, ['nombre', 'nivel', 'grupo']);
      continue;
    }
    for (const field of sectionFields(n)) {
      if (
        ['hermanosInscriben', 'hermanosPrimaria', 'cantidadHermanosInscriben', 'tieneHermanosPrimaria'].includes(
          field.name,
        )
      )
        continue;
      row(doc, field.label, displayValue(field.name, r[field.name]));
    }
  }
}

/** A finished single-enrolment PDF as a stream (the caller pipes it to the response). */
export function inscriptoPdf(r: PdfRecord, subtitle?: string): PDFKit.PDFDocument {
  const doc = newPdfDocument(`Inscripción ${r.numeroInscripcion ?? ''}`.trim());
  renderInscripto(doc, r, subtitle);
  doc.end();
  return doc;
}
