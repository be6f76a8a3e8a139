import type ExcelJS from 'exceljs';

/** Text Excel reads as a formula once the cell is edited or the sheet saved as CSV (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell format with Excel's quote prefix: the text shows as it is and stays text when edited. */
const QUOTE_PREFIX_XF = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>';

/** exceljs's style table of a streaming workbook: private, so the tests that read the XML fail if it moves. */
interface StyleTable {
  model: { styles: string[] };
  index: { style: Record<string, number> };
  weakMap: WeakMap<object, number>;
}

/**
 * Every text cell of our exports is a string cell, never a formula; this adds Excel's quote prefix
 * (`quotePrefix="1"` in the cell's format) to those that begin with = + - @, tab or CR, so that editing one
 * or saving the sheet as CSV cannot turn it into a live formula either. exceljs has no option for it: the
 * format is added to the workbook's style table by hand, and exceljs writes the cells whose style is the
 * returned object with it (it looks style objects up by identity). Call before any row is written; the
 * returned function marks one row's cells, before the row is committed.
 */
export function quotePrefixer(workbook: ExcelJS.stream.xlsx.WorkbookWriter): (row: ExcelJS.Row) => ExcelJS.Row {
  const styles = (workbook as unknown as { styles?: Partial<StyleTable> }).styles;
  if (!Array.isArray(styles?.model?.styles) || !styles.index?.style || !(styles.weakMap instanceof WeakMap)) {
    throw new Error('exceljs cambió su tabla de estilos: no se puede marcar el prefijo de texto de las celdas');
  }
  const quoted: Partial<ExcelJS.Style> = {};
  const id = styles.model.styles.push(QUOTE_PREFIX_XF) - 1;
  styles.index.style[QUOTE_PREFIX_XF] = id;
  styles.weakMap.set(quoted, id);
  return (row) => {
    row.eachCell((cell) => {
      if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.style = quoted;
    });
    return row;
  };
}
