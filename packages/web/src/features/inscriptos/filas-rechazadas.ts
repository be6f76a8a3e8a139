import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** One refused row of an import, as the result lists it and the download writes it. */
export interface FilaRechazada {
  fila: number;
  campo: string;
  valor: string;
  motivo: string;
}

/** Every refused row with its reason: invalid cells and CIs already enrolled or repeated, in sheet order. */
export function filasRechazadas(result: TImportResult): FilaRechazada[] {
  const filas: FilaRechazada[] = [
    ...result.errores.map((e) => ({ fila: e.fila, campo: e.campo, valor: e.valor ?? '', motivo: e.motivo })),
    ...result.duplicados.map((d) => ({
      fila: d.fila,
      campo: INSCRIPTO_MSG.colCedula,
      valor: d.ci,
      motivo: INSCRIPTO_MSG.importCiRepetida(d.nombre, d.conflicto),
    })),
  ];
  return filas.sort((a, b) => a.fila - b.fila);
}

/**
 * A cell of the CSV: quoted, and a text that starts like a formula (=, +, -, @) kept as text, so a value from
 * the file never runs as a formula in the spreadsheet that opens the download.
 */
function celda(value: string | number): string {
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * The refused rows as CSV for Excel in Spanish: `;` between cells (the list separator where the decimal mark
 * is a comma) and a byte-order mark so accents read right.
 */
export function filasRechazadasCsv(result: TImportResult): string {
  const header = [INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colCampo, INSCRIPTO_MSG.colValor, INSCRIPTO_MSG.colMotivo];
  const lines = [header, ...filasRechazadas(result).map((f) => [f.fila, f.campo, f.valor, f.motivo])];
  return '\uFEFF' + lines.map((cells) => cells.map(celda).join(';')).join('\r\n') + '\r\n';
}
