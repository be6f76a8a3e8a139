import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import {
  ensureSpace,
  inFooter,
  newPdfDocument,
  pageBottom,
  PDF_COLORS as COLORS,
  PDF_FONTS as FONTS,
  PDF_PAGE,
} from './pdf-document.ts';

/**
 * What the raffle's PDFs share (the acta and the participant list): a buffered A4 document whose every
 * page gets "Página N de M" and a fingerprint line once the content is known, field blocks, section titles,
 * columns of short lines and signature lines. pdfkit's standard Helvetica (á, ñ, º render) and Courier.
 */
const MARGIN = PDF_PAGE.margin;

/** Uruguay keeps UTC-03:00 all year (no daylight saving since 2015). */
export const enHoraDeUruguay = (iso: string) => `${fechaHoraTexto(iso)} (hora de Uruguay, UTC-03:00)`;

export interface RaffleDoc {
  doc: PDFKit.PDFDocument;
  width: number;
  ensure(height: number): void;
  field(label: string, value: string, mono?: boolean): void;
  section(title: string): void;
  paragraph(text: string, color?: string): void;
  /** Short lines in `columns` columns, filled down then across, page after page. */
  columns(lines: string[], columns: number): void;
  signatures(labels: string[]): void;
  /** Writes the footers on every page and returns the whole file. */
  finish(footerLeft: string): Promise<Buffer>;
}

/** `creado`: the file's creation date, for a document drawn again with the same bytes (lib/pdf-document.ts). */
export function raffleDoc(title: string, creado?: Date): RaffleDoc {
  const doc = newPdfDocument(title, null, creado);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => pageBottom(doc);
  const ensure = (h: number) => ensureSpace(doc, h);
  return {
    doc,
    width,
    ensure,
    field(label, value, mono = false) {
      ensure(28);
      doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted).text(label, MARGIN, doc.y, { width });
      doc
        .font(mono ? FONTS.mono : FONTS.regular)
        .fontSize(mono ? 8.5 : 10)
        .fillColor(COLORS.ink)
        .text(value, { width });
      doc.moveDown(0.3);
    },
    section(title) {
      ensure(44);
      doc.moveDown(0.6);
      doc.font(FONTS.bold).fontSize(12).fillColor(COLORS.accent).text(title, MARGIN, doc.y, { width });
      const y = doc.y + 2;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .strokeColor(COLORS.rule)
        .lineWidth(0.8)
        .stroke();
      doc.moveDown(0.4);
    },
    paragraph(text, color = COLORS.ink) {
      doc.font(FONTS.regular).fontSize(9.5);
      // A short paragraph never breaks across pages (a reason or a rule reads whole on one sheet).
      ensure(Math.min(doc.heightOfString(text, { width }), 200) + 4);
      doc.fillColor(color).text(text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    },
    columns(lines, columns) {
      if (!lines.length) {
        this.paragraph('(nadie)', COLORS.muted);
        return;
      }
      const lineHeight = 12.5;
      const gap = 12;
      const colWidth = (width - gap * (columns - 1)) / columns;
      let i = 0;
      while (i < lines.length) {
        ensure(lineHeight * 2);
        const top = doc.y;
        const rows = Math.max(1, Math.floor((bottom() - top) / lineHeight));
        const perPage = Math.min(lines.length - i, rows * columns);
        const used = Math.ceil(perPage / columns);
        doc.font(FONTS.regular).fontSize(8.5).fillColor(COLORS.ink);
        for (let k = 0; k < perPage; k++) {
          const col = Math.floor(k / used);
          const row = k % used;
          doc.text(lines[i + k]!, MARGIN + col * (colWidth + gap), top + row * lineHeight, {
            width: colWidth,
            lineBreak: false,
            ellipsis: true,
          });
        }
        i += perPage;
        doc.x = MARGIN;
        doc.y = top + used * lineHeight;
        if (i < lines.length) doc.addPage();
      }
      doc.moveDown(0.3);
    },
    signatures(labels) {
      const colW = (width - 40) / 3;
      for (let start = 0; start < labels.length; start += 3) {
        ensure(70);
        doc.moveDown(2.5);
        const y = doc.y;
        labels.slice(start, start + 3).forEach((label, i) => {
          const x = MARGIN + i * (colW + 20);
          doc
            .moveTo(x, y)
            .lineTo(x + colW, y)
            .strokeColor(COLORS.ink)
            .lineWidth(0.6)
            .stroke();
          doc
            .font(FONTS.regular)
            .fontSize(8.5)
            .fillColor(COLORS.muted)
            .text(label, x, y + 4, { width: colW });
        });
        doc.x = MARGIN;
        doc.y = y + 36;
      }
    },
    async finish(footerLeft) {
      const { start, count } = doc.bufferedPageRange();
      for (let p = start; p < start + count; p++) {
        doc.switchToPage(p);
        inFooter(doc, (y, left, full) => {
          doc.font(FONTS.mono).fontSize(6.5).fillColor(COLORS.muted);
          doc.text(footerLeft, left, y, { width: full - 80, lineBreak: false });
          doc.font(FONTS.regular).fontSize(8);
          doc.text(`Página ${p - start + 1} de ${count}`, left, y, { width: full, align: 'right', lineBreak: false });
        });
      }
      doc.flushPages();
      doc.end();
      return done;
    },
  };
}
