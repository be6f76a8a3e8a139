import { describe, expect, it } from 'vitest';
import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { checkSheetCells } from './workbook-caps.ts';
import { workbookDeclaring, workbookHoldingCells, zipOf } from '../../test/xlsx-fixtures.ts';

/** The cells a sheet holds, counted whatever its <dimension> declares (every file here declares A1:B2). */
describe('checkSheetCells', () => {
  const refusal = (cap: number) => new AppError('PAYLOAD_TOO_LARGE', INSCRIPTO_MSG.importTooManyCells(cap));

  it('counts every cell exactly, across the pieces the sheet inflates in', async () => {
    // 100,000 cells: 1.5 MB of XML, about 23 pieces of 64 KB.
    const file = workbookHoldingCells(1_000, 100);
    await expect(checkSheetCells(file, 100_000)).resolves.toBeUndefined();
    await expect(checkSheetCells(file, 99_999)).rejects.toEqual(refusal(99_999));
  });

  it('counts the cells of a sheet as SheetJS writes it', async () => {
    const file = workbookDeclaring('A1:B2', [
      ['nombre1', 'apellido1'],
      ['Ana', 'Pérez'],
      ['Luis', 'Gómez'],
    ]);
    await expect(checkSheetCells(file, 6)).resolves.toBeUndefined();
    await expect(checkSheetCells(file, 5)).rejects.toEqual(refusal(5));
  });

  it('counts cells written with a namespace prefix or empty, and not <col> nor <cfRule>', async () => {
    const sheet =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:dimension ref="A1"/>' +
      '<x:cols><x:col min="1" max="3" width="9"/></x:cols><x:sheetData><x:row r="1">' +
      '<x:c r="A1" t="inlineStr"><x:is><x:t>nombre1</x:t></x:is></x:c><x:c r="B1"/><x:c\tr="C1"><x:v>1</x:v></x:c>' +
      '</x:row></x:sheetData><x:conditionalFormatting sqref="A1"><x:cfRule type="expression" priority="1"/>' +
      '</x:conditionalFormatting></x:worksheet>';
    const file = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.from(sheet) }]);
    await expect(checkSheetCells(file, 3)).resolves.toBeUndefined();
    await expect(checkSheetCells(file, 2)).rejects.toEqual(refusal(2));
  });

  it('stops a sheet of 3,000,300 cells at the default cap', async () => {
    await expect(checkSheetCells(workbookHoldingCells(10_001, 300))).rejects.toMatchObject({
      statusCode: 413,
      message: INSCRIPTO_MSG.importTooManyCells(3_000_000),
    });
  });

  it('leaves .xls files and other bytes to the reader', async () => {
    await expect(checkSheetCells(Buffer.from('nombre1,apellido1\n'))).resolves.toBeUndefined();
  });
});
