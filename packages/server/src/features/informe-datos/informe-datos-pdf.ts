import type { TInformeDatos } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { PDF_COLORS as COLORS, PDF_FONTS as FONTS, ensureSpace, newPdfDocument } from '../../lib/pdf-document.ts';
import { pdfText } from '../../lib/pdf-text.ts';

/** The personal-data report as an A4 PDF: the same content as the JSON, in reading order. */

const width = (doc: PDFKit.PDFDocument) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function heading(doc: PDFKit.PDFDocument, text: string) {
  ensureSpace(doc, 48);
  const left = doc.page.margins.left;
  doc.moveDown(0.6);
  doc
    .font(FONTS.bold)
    .fontSize(12)
    .fillColor(COLORS.accent)
    .text(text, left, doc.y, { width: width(doc) });
  const y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + width(doc), y)
    .lineWidth(0.7)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 5;
}

/** "label  value" with the value wrapping in its column. */
function row(doc: PDFKit.PDFDocument, label: string, value: string, labelWidth = 170) {
  const left = doc.page.margins.left;
  const valueWidth = width(doc) - labelWidth - 8;
  doc.font(FONTS.regular).fontSize(9);
  const height = Math.max(
    doc.heightOfString(label, { width: labelWidth }),
    doc.heightOfString(value || '—', { width: valueWidth }),
  );
  ensureSpace(doc, height + 3);
  const y = doc.y;
  doc.fillColor(COLORS.muted).text(label, left, y, { width: labelWidth });
  doc.fillColor(COLORS.ink).text(value || '—', left + labelWidth + 8, y, { width: valueWidth });
  doc.x = left;
  doc.y = y + height + 3;
}

function paragraph(doc: PDFKit.PDFDocument, text: string, color = COLORS.ink) {
  doc.font(FONTS.regular).fontSize(9).fillColor(color);
  ensureSpace(doc, doc.heightOfString(text, { width: width(doc) }) + 3);
  doc.text(text, doc.page.margins.left, doc.y, { width: width(doc) });
  doc.moveDown(0.3);
}

export function informeDatosPdf(informe: TInformeDatos, escuela?: string): PDFKit.PDFDocument {
  const doc = newPdfDocument(`${informe.titulo} · ${informe.inscripto.nombre}`);
  doc.addPage();
  const left = doc.page.margins.left;
  // The school that holds the data (decision 0036).
  if (escuela)
    doc
      .font(FONTS.regular)
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(pdfText(escuela), left, doc.y, { width: width(doc) });
  doc
    .font(FONTS.bold)
    .fontSize(16)
    .fillColor(COLORS.accent)
    .text(informe.titulo, left, doc.y, {
      width: width(doc),
    });
  doc
    .font(FONTS.bold)
    .fontSize(12)
    .fillColor(COLORS.ink)
    .text(informe.inscripto.nombre, { width: width(doc) });
  paragraph(
    doc,
    `Generado el ${fechaHoraTexto(informe.generadoEn)} por ${informe.generadoPor}. ` +
      `Identificador de la inscripción: ${informe.inscripto.id}.`,
    COLORS.muted,
  );
  paragraph(doc, informe.finalidad);

  heading(doc, 'La inscripción');
  for (const c of informe.registro) row(doc, c.etiqueta, c.valor);

  heading(doc, 'Datos guardados');
  const conDatos = informe.secciones.filter((s) => s.campos.length);
  if (!conDatos.length) paragraph(doc, 'No se guarda ningún dato del formulario.');
  for (const s of conDatos) {
    ensureSpace(doc, 30);
    doc.moveDown(0.2);
    doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.ink).text(`${s.numero}. ${s.titulo}`, left, doc.y);
    doc.moveDown(0.2);
    for (const c of s.campos) row(doc, c.etiqueta, c.valor);
  }

  heading(doc, 'Historial de cambios');
  if (!informe.historial.length) paragraph(doc, 'Sin cambios registrados.');
  for (const h of informe.historial) {
    const campos = h.campos.length ? ` Campos: ${h.campos.join(', ')}.` : '';
    row(doc, `${fechaHoraTexto(h.fecha)} · ${h.usuario}`, `${h.descripcion}.${campos}`);
  }

  heading(doc, 'Accesos');
  if (!informe.accesos.length) paragraph(doc, 'Nadie accedió todavía.');
  for (const a of informe.accesos)
    row(doc, `${fechaHoraTexto(a.fecha)} · ${a.usuario}`, `${a.descripcion} (IP ${a.ip})`);

  heading(doc, 'Sorteo y plazas');
  if (!informe.eventos.length) paragraph(doc, 'No participó de ningún sorteo.');
  for (const e of informe.eventos) row(doc, fechaHoraTexto(e.fecha), e.descripcion);

  doc.end();
  return doc;
}
