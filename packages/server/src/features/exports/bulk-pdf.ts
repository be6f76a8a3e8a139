import type { Readable } from 'node:stream';
import archiver from 'archiver';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { PDF_COLORS, PDF_FONTS as FONTS, newPdfDocument } from '../../lib/pdf-document.ts';
import { pdfText } from '../../lib/pdf-text.ts';
import { inscriptoPdf, renderInscripto } from './inscripto-pdf.ts';
import { indexEntry, writeIndex, type IndexEntry } from './pdf-index.ts';
import { firstOf, pacer } from './pacing.ts';
import { zipEntryName } from './zip-entry-name.ts';

/** Bytes a stream may hold unread before the producer waits: bounds memory whatever the record count. */
const HIGH_WATER = 1024 * 1024;

function waitUntilRead(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (stream.readableLength < HIGH_WATER || stream.destroyed ? resolve() : setTimeout(check, 5));
    check();
  });
}

export interface Counts {
  total: number;
  pendientes: number;
  finalizados: number;
}

function coverPage(doc: PDFKit.PDFDocument, counts: Counts, now: Date, escuela: string) {
  doc.addPage();
  const fecha = fechaHoraLarga(now);
  doc.moveDown(8);
  doc
    .font(FONTS.bold)
    .fontSize(24)
    .fillColor(PDF_COLORS.accent)
    .text('Inscripciones a primer año', { align: 'center' });
  if (escuela) doc.moveDown(0.3).fontSize(16).text(pdfText(escuela), { align: 'center' });
  doc.moveDown(0.5);
  doc
    .font(FONTS.regular)
    .fontSize(12)
    .fillColor(PDF_COLORS.ink)
    .text(`Listado completo generado el ${fecha}`, { align: 'center' });
  doc.moveDown(2);
  doc.fontSize(13);
  for (const [label, n] of [
    ['Total de inscripciones', counts.total],
    ['Finalizadas', counts.finalizados],
    ['Pendientes', counts.pendientes],
  ] as const) {
    doc.text(`${label}: ${n}`, { align: 'center' });
  }
  doc.moveDown(2);
  doc
    .fontSize(10)
    .fillColor(PDF_COLORS.muted)
    .text('En la página 2: el índice con el número, nombre, estado y página de cada inscripción.', {
      align: 'center',
    });
  doc.flushPages();
}

/**
 * PDF masivo: a cover page, the index (pdf-index.ts: printed after the cover, and the document's outline),
 * then every enrolment from a new page, streamed record by record.
 */
export function allInscriptosPdf(
  records: AsyncIterable<TInscripto>,
  counts: Counts,
  now: Date,
  escuela = '',
): Readable {
  // Buffered pages: each enrolment writes its own "Página N de M" footers, then flushes.
  const doc = newPdfDocument('Todas las inscripciones', null);
  coverPage(doc, counts, now, escuela);
  const index: IndexEntry[] = [];
  const pace = pacer({ yieldEvery: 1 });
  void (async () => {
    try {
      for await (const record of records) {
        if (doc.destroyed) return; // the download was cancelled: stop reading the database
        const { start, count } = doc.bufferedPageRange();
        renderInscripto(doc, record, { bookmark: true, escuela });
        index.push(indexEntry(record, start + count, doc.outline.children.at(-1)));
        await pace();
        await waitUntilRead(doc);
      }
      writeIndex(doc, index);
      doc.end();
    } catch (err) {
      doc.destroy(err as Error);
    }
  })();
  return doc;
}

/**
 * ZIP of one PDF per enrolment, named by zipEntryName. The
 * entries are stored, not deflated: pdfkit already compresses each page's content, and deflating the rest
 * saved little and made the export much slower, one round trip to zlib's thread per small file.
 */
export function pdfZip(records: AsyncIterable<TInscripto>, escuela = ''): Readable {
  const archive = archiver('zip', { store: true });
  const used = new Set<string>();
  const pace = pacer({ yieldEvery: 1 });
  void (async () => {
    try {
      for await (const record of records) {
        if (archive.destroyed) return; // the download was cancelled: stop reading the database
        const name = zipEntryName(record, used);
        const entryDone = firstOf(archive, ['entry', 'close']);
        archive.append(inscriptoPdf(record, { escuela }), { name });
        // archiver's append has no back-pressure: one entry at a time, and wait while the reader lags.
        await entryDone;
        await pace();
        await waitUntilRead(archive);
      }
      await archive.finalize();
    } catch (err) {
      archive.destroy(err as Error);
    }
  })();
  return archive;
}
