import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { textCells } from '../test/xlsx-xml.ts';
import { quotePrefixer } from './xlsx-quote-prefix.ts';

describe('quotePrefixer', () => {
  it('marks text beginning with = + - @, tab or CR (old data may still hold the last two), and nothing else', async () => {
    const risky = ['=1+1', '+59899123456', '-2+3', '@SUMA(A1)', '\t=cmd|calc', '\r=cmd'];
    const plain = ['Ana', ' =espacio delante', 'a=b', '2+2', 'Lucía-Pérez'];
    const out = new PassThrough();
    const file = buffer(out);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const mark = quotePrefixer(workbook);
    const sheet = workbook.addWorksheet('Hoja1');
    for (const text of [...risky, ...plain]) mark(sheet.addRow([text])).commit();
    sheet.commit();
    await workbook.commit();
    const cells = textCells(await file);
    expect(cells.map((c) => c.text)).toEqual([...risky, ...plain]);
    expect(cells.filter((c) => c.quotePrefix).map((c) => c.text)).toEqual(risky);
  });
});
