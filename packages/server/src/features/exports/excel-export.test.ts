import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { excelWorkbook, sheetBacklog } from './excel-export.ts';

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
