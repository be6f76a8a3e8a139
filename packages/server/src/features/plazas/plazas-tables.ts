import { PassThrough, type Readable } from 'node:stream';
import type ExcelJSLibrary from 'exceljs';
import { lazyLibrary } from '../../lib/lazy-library.ts';
import { newPdfDocument, PDF_PAGE } from '../../lib/pdf-document.ts';
import { quotePrefixer } from '../../lib/xlsx-quote-prefix.ts';

const exceljs = lazyLibrary<typeof ExcelJSLibrary>('exceljs');

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

const COLORS = { ink: '#1f2933', muted: '#5f6b7a', rule: '#d5dbe3', accent: '#0b5394', band: '#f1f4f8' };
const MARGIN = PDF_PAGE.margin;
const FONT = 8.5;
const PAD = 3;

export function tablasPdf(documento: Documento): Readable {
  const doc = newPdfDocument(documento.titulo, (page) => `${documento.titulo} · Página ${page}`);
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  doc.font('Helvetica-Bold').fontSize(17).fillColor(COLORS.accent).text(documento.titulo, MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(COLORS.muted);
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
          'Helvetica-Bold',
          true,
        );
      }
      const y = doc.y;
      if (band) doc.rect(MARGIN, y, width, h).fill(COLORS.band);
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
    doc.font('Helvetica-Bold').fontSize(12).fillColor(COLORS.accent).text(tabla.titulo, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    drawRow(
      tabla.columnas.map((c) => c.header),
      'Helvetica-Bold',
      true,
    );
    if (!tabla.filas.length) {
      doc
        .font('Helvetica')
        .fontSize(FONT)
        .fillColor(COLORS.muted)
        .text('(ninguno)', MARGIN + PAD, doc.y + PAD);
      continue;
    }
    for (const fila of tabla.filas) drawRow(fila, 'Helvetica', false);
  }
  doc.end();
  return doc;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export function tablasXlsx(documento: Documento): Readable {
  const out = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'Inscripciones';
  // Names and reasons typed by staff could begin like a formula.
  const quotePrefix = quotePrefixer(workbook);
  void (async () => {
    try {
      for (const tabla of documento.tablas) {
        const sheet = workbook.addWorksheet(sheetName(tabla.titulo), { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = tabla.columnas.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
        sheet.getRow(1).font = { bold: true };
        for (const fila of tabla.filas) {
          quotePrefix(sheet.addRow(Object.fromEntries(fila.map((v, i) => [`c${i}`, v])))).commit();
        }
        sheet.commit();
      }
      const info = workbook.addWorksheet('Datos');
      info.columns = [{ header: documento.titulo, key: 'v', width: 90 }];
      info.getRow(1).font = { bold: true };
      for (const line of documento.datos) quotePrefix(info.addRow({ v: line })).commit();
      info.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
