import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
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
