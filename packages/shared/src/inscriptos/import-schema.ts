import { z } from '../zod-es.ts';

/** Response of POST /api/inscriptos/import/excel: SPEC 7's imported, skipped, message, plus the details. */
export const ZImportResult = z.object({
  imported: z.number().int(),
  /** Rows whose enrolment number already exists (SPEC 2). */
  skipped: z.number().int(),
  message: z.string(),
  /**
   * Invalid rows: row number as the spreadsheet shows it, field label, the value the cell held (when it held
   * one) and the Spanish reason (for a field with a list, the valid values).
   */
  errores: z.array(
    z.object({ fila: z.number().int(), campo: z.string(), valor: z.string().optional(), motivo: z.string() }),
  ),
  /** Rows whose CI is already enrolled or repeated in the file, with both names. */
  duplicados: z.array(z.object({ fila: z.number().int(), ci: z.string(), nombre: z.string(), conflicto: z.string() })),
  /**
   * Rows that would be imported but look like an enrolment of the cycle or another row: the same
   * rule as the screen "Posibles duplicados"; a warning, the row is imported.
   */
  posiblesDuplicados: z.array(z.object({ fila: z.number().int(), nombre: z.string(), conflicto: z.string() })),
  omitidos: z.array(z.object({ fila: z.number().int(), numeroInscripcion: z.number().int() })),
  avisos: z.array(z.object({ fila: z.number().int(), motivo: z.string() })),
  /** Headers that match no field. */
  columnasIgnoradas: z.array(z.string()),
  /** True for the "vista previa": counts and errors as they would be, nothing written. */
  simulacion: z.boolean(),
});
export type TImportResult = z.infer<typeof ZImportResult>;
