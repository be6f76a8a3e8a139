/**
 * A chart's table as CSV: comma-separated, every text quoted, with a BOM so that Excel in
 * Spanish opens the accents right. Cells that would start a formula in a spreadsheet are prefixed with '.
 */
export type CsvCell = string | number;

function cell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
