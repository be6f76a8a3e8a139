import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** The Excel files the import accepts (SPEC 2, 5). */
export const IMPORT_ACCEPT = '.xlsx,.xls';

/**
 * The import file check of SPEC 5 "Other rules": no file → "Por favor selecciona un archivo Excel";
 * a name not ending in .xlsx or .xls → "Por favor selecciona un archivo Excel (.xlsx o .xls)".
 */
export function importFileError(file: { name: string } | null | undefined): string | null {
  if (!file) return INSCRIPTO_MSG.importNoFile;
  return /\.(xlsx|xls)$/i.test(file.name.trim()) ? null : INSCRIPTO_MSG.importWrongType;
}

const kb = new Intl.NumberFormat('es-UY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A size in KB as the dialog shows it: 15360 → "15,00 KB". */
export function formatKb(bytes: number): string {
  return `${kb.format(Math.max(0, bytes) / 1024)} KB`;
}
