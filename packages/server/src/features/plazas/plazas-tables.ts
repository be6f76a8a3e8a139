import { PassThrough, type Readable } from 'node:stream';
import {
  PDF_COLORS as COLORS,
  PDF_FONTS as FONTS,
  newPdfDocument,
  pageBottom,
  PDF_PAGE,
} from '../../lib/pdf-document.ts';
import { sheetWithHead, xlsxWriter } from '../../lib/xlsx-writer.ts';

/**
 * The season's documents are tables: the adenda, the roster, the suplentes. One PDF renderer and one Excel
 * renderer for all of them, on the system's A4 page and the streamed Excel writer. Helvetica renders á, ñ, º.
 */
export interface Columna {
  header: string;
  /** Relative width in the PDF; characters in Excel. */
  width: number;
}

export interface Tabla {
  titulo: string;
  columnas: Columna[];
  filas: string[][];
}

export interface Documento {
  titulo: string;
  /** Lines under the title: the raffle, when the document was made. */
  datos: string[];
  tablas: Tabla[];
}

const MARGIN = PDF_PAGE.margin;
const FONT = 8.5;
const PAD = 3;

export function tablasPdf(documento: Documento): Readable {
  const doc = newPdfDocument(documento.titulo, (page) => `${documento.titulo} · Página ${page}`);
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => pageBottom(doc);
  doc.font(FONTS.bold).fontSize(17).fillColor(COLORS.accent).text(documento.titulo, MARGIN, doc.y, { width });
  doc.font(FONTS.regular).fontSize(9.5).fillColor(COLORS.muted);
  for (const line of documento.datos) doc.text(line, { width });

  for (const tabla of documento.tablas) {
    const total = tabla.columnas.reduce((n, c) => n + c.width, 0);
    const widths = tabla.columnas.map((c) => (c.width / total) * width);
    const rowHeight = (cells: string[], font: string) => {
      doc.font(font).fontSize(FONT);
      return Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
    };
    const drawRow = (cells: string[], font: string, band: boolean) => {
      const h = rowHeight(cells, font);
      if (doc.y + h > bottom()) {
        doc.addPage();
        drawRow(
          tabla.columnas.map((c) => c.header),
          FONTS.bold,
          true,
        );
      }
      const y = doc.y;
      if (band) doc.rect(MARGIN, y, width, h).fill(COLORS.bandLight);
      let x = MARGIN;
      doc.font(font).fontSize(FONT).fillColor(COLORS.ink);
      cells.forEach((c, i) => {
        doc.text(c, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
        x += widths[i]!;
      });
      doc
        .moveTo(MARGIN, y + h)
        .lineTo(MARGIN + width, y + h)
        .strokeColor(COLORS.rule)
        .lineWidth(0.5)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + h;
    };
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveDown(1);
    doc.font(FONTS.bold).fontSize(12).fillColor(COLORS.accent).text(tabla.titulo, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    drawRow(
      tabla.columnas.map((c) => c.header),
      FONTS.bold,
      true,
    );
    if (!tabla.filas.length) {
      doc
        .font(FONTS.regular)
        .fontSize(FONT)
        .fillColor(COLORS.muted)
        .text('(ninguno)', MARGIN + PAD, doc.y + PAD);
      continue;
    }
    for (const fila of tabla.filas) drawRow(fila, FONTS.regular, false);
  }
  doc.end();
  return doc;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export function tablasXlsx(documento: Documento): Readable {
  const out = new PassThrough();
  // Names and reasons typed by staff could begin like a formula: quotePrefix.
  const { workbook, quotePrefix } = xlsxWriter(out);
  void (async () => {
    try {
      for (const tabla of documento.tablas) {
        const columns = tabla.columnas.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
        const sheet = sheetWithHead(workbook, sheetName(tabla.titulo), columns);
        for (const fila of tabla.filas) {
          quotePrefix(sheet.addRow(Object.fromEntries(fila.map((v, i) => [`c${i}`, v])))).commit();
        }
        sheet.commit();
      }
      const info = sheetWithHead(workbook, 'Datos', [{ header: documento.titulo, key: 'v', width: 90 }], false);
      for (const line of documento.datos) quotePrefix(info.addRow({ v: line })).commit();
      info.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
