import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { xlsxPart, textCells } from '../../test/xlsx-xml.ts';
import { EXCEL_COLUMNS, excelRow, excelWorkbook, sheetBacklog } from './excel-export.ts';

describe('Excel export cells', () => {
  const at = EXCEL_COLUMNS.findIndex((c) => c.key === 'fechaInscripcion');
  const cell = (fechaInscripcion: string) =>
    excelRow({ fechaInscripcion, estado: 'pendiente', createdBy: { username: 'ana' } } as TInscripto)[at];

  it.each([
    ['2026-03-10T15:30:45.678Z', Date.UTC(2026, 2, 10, 12, 30, 45)], // UTC−3, whole seconds
    ['2026-03-10T02:59:59.000Z', Date.UTC(2026, 2, 9, 23, 59, 59)], // still the day before in Montevideo
    ['2014-01-15T12:00:00.000Z', Date.UTC(2014, 0, 15, 10, 0, 0)], // summer time (UTC−2) until 2015
    ['2014-03-09T03:30:00.000Z', Date.UTC(2014, 2, 9, 1, 30, 0)], // summer time ended at 04:00 UTC…
    ['2014-03-09T04:30:00.000Z', Date.UTC(2014, 2, 9, 1, 30, 0)], // …so 01:30 came twice
  ])('writes the instant %s as Montevideo wall-clock time', (iso, wallClock) => {
    expect((cell(iso) as Date).getTime()).toBe(wallClock);
  });
});

describe('Excel export back-pressure', () => {
  it('can read how much of the sheet waits for the archiver (exceljs internals the export relies on)', async () => {
    const out = new PassThrough();
    out.resume();
    const { workbook, sheet } = excelWorkbook(out);
    for (let i = 0; i < 50; i++) sheet.addRow([i, 'Pendiente', 'texto '.repeat(40)]).commit();
    for (let turn = 0; turn < 20 && sheetBacklog(sheet) === undefined; turn++) await new Promise(setImmediate);
    const backlog = sheetBacklog(sheet);
    expect(typeof backlog).toBe('number');
    sheet.commit();
    await workbook.commit();
    expect(sheetBacklog(sheet) ?? 0).toBe(0);
  });
});

describe('Excel export quote prefix', () => {
  async function xlsxOf(records: Partial<TInscripto>[]): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const { workbook, sheet, addRow } = excelWorkbook(out);
    for (const r of records) addRow({ estado: 'pendiente', createdBy: { username: 'ana' }, ...r } as TInscripto);
    sheet.commit();
    await workbook.commit();
    return Buffer.concat(chunks);
  }

  it('marks exactly the texts that begin with = + - @, tab or CR (stored by older versions), in every column', async () => {
    const dangerous = [
      '=HYPERLINK("http://x","clic")',
      '+598 99 123 456',
      '-2+3',
      '@SUM(A1)',
      '\tTabulado',
      '\rRetorno',
    ];
    const safe = ['Ana', 'a=b', ' =espacio delante', 'María-José'];
    const file = await xlsxOf([
      { nombre1: dangerous[0], apellido1: dangerous[1], observaciones: dangerous[2] },
      { nombre1: dangerous[3], barrio: dangerous[4], funcionario: dangerous[5] },
      { nombre1: safe[0], apellido1: safe[1], observaciones: safe[2], barrio: safe[3] },
    ] as Partial<TInscripto>[]);
    expect(xlsxPart(file, 'xl/styles.xml')).toMatch(
      /<cellXfs\b[^>]*>[\s\S]*<xf\b[^>]*quotePrefix="1"[\s\S]*<\/cellXfs>/,
    );
    const cells = textCells(file).filter((c) => !c.ref.match(/^[A-Z]+1$/)); // not the header
    expect(
      cells
        .filter((c) => c.quotePrefix)
        .map((c) => c.text)
        .sort(),
    ).toEqual([...dangerous].sort());
    for (const text of safe) expect(cells.find((c) => c.text === text)?.quotePrefix).toBe(false);
    // The visible text is unchanged: no apostrophe added.
    expect(cells.some((c) => c.text.startsWith("'"))).toBe(false);
  });
});
