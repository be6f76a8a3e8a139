import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One documents layer: every PDF takes its palette, fonts, page break and footer band from lib/pdf-document.ts, and every
 * spreadsheet its writer from lib/xlsx-writer.ts. No other production file writes a colour, a font name, a page
 * break or a footer of its own or an exceljs workbook.
 */
const SRC = import.meta.dirname;
const KIT = { pdf: path.join('lib', 'pdf-document.ts'), xlsx: path.join('lib', 'xlsx-writer.ts') };

const sources = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`test${path.sep}`))
  .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }));
const offenders = (pattern: RegExp) => sources.filter((s) => pattern.test(s.text)).map((s) => s.file);

describe('one documents layer', () => {
  it('draws every PDF with one palette, one set of fonts and one page break', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders(/fillColor\('#|strokeColor\('#|'#[0-9a-fA-F]{6}'/)).toEqual([KIT.pdf]);
    // The font-metrics cache loads each standard font once to share it between documents.
    expect(offenders(/\.font\('/)).toEqual([path.join('lib', 'pdfkit-metrics-cache.ts')]);
    expect(offenders(/page\.height - doc\.page\.margins\.bottom/)).toEqual([KIT.pdf]);
    // Footers are drawn in one way too (below the bottom margin, without opening a page).
    expect(offenders(/margins\.bottom = 0/)).toEqual([KIT.pdf]);
  });

  it('writes every spreadsheet with one writer', () => {
    expect(offenders(/WorkbookWriter\)?\(/)).toEqual([KIT.xlsx]);
  });

  /**
   * A renderer draws a view model made by the mapper that makes the API's JSON of the same resource, never a
   * stored row: so it imports neither the data layer nor the database (not even their row types).
   */
  it('renderers read view models, never rows', () => {
    const renderers = sources.filter(
      (s) =>
        !s.file.startsWith(`lib${path.sep}`) &&
        /from '[./]*\/lib\/(pdf-document|pdf-kit|xlsx-writer)\.ts'/.test(s.text),
    );
    expect(renderers.map((r) => r.file).sort()).toEqual(
      [
        'domain/sorteos/acta-pdf.ts',
        'features/estado/constancia-pdf.ts',
        'features/exports/bulk-pdf.ts',
        'features/exports/excel-export.ts',
        'features/exports/inscripto-pdf.ts',
        'features/exports/pdf-index.ts',
        'features/informe-datos/informe-datos-pdf.ts',
        'features/plazas/plazas-tables.ts',
        'features/sorteo/sorteo-acta-xlsx.ts',
        'features/sorteo/sorteo-lista-pdf.ts',
      ].map((f) => path.join(...f.split('/'))),
    );
    const readsRows = (text: string) =>
      [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!).filter((p) => /(^|\/)(data|db)\//.test(p));
    expect(renderers.flatMap((r) => readsRows(r.text).map((p) => `${r.file} → ${p}`))).toEqual([]);
  });
});
