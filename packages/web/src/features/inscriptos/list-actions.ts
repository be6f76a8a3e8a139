import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * The administrator's "Acciones" (SPEC 2) and the calls behind them (SPEC 7). An entry whose endpoint
 * the server lacks is marked `available: true`: it then shows disabled with "Disponible próximamente".
 */
export type ListActionKey = 'import' | 'excel' | 'pdfZip' | 'pdfAll' | 'sql';

export interface ListAction {
  key: ListActionKey;
  label: string;
  available: boolean;
  /**
   * Exports: GET path, download name (prefix + date + extension), the alerts of SPEC 8 and the format's
   * name for the "preparing" status.
   */
  export?: { path: string; fileName: string; extension: string; success: string; failure: string; format: string };
}

export const LIST_ACTIONS: readonly ListAction[] = [
  { key: 'import', label: 'Importar desde Excel', available: true },
  {
    key: 'excel',
    label: 'Exportar a Excel',
    available: true,
    export: {
      path: '/api/inscriptos/export/excel',
      format: 'Excel',
      fileName: 'inscriptos_',
      extension: '.xlsx',
      success: INSCRIPTO_MSG.excelExported,
      failure: INSCRIPTO_MSG.excelExportFailed,
    },
  },
  {
    key: 'pdfZip',
    label: 'PDFs Individuales (ZIP)',
    available: true,
    export: {
      path: '/api/inscriptos/export/pdf-zip',
      format: 'ZIP con los PDFs individuales',
      fileName: 'inscripciones_',
      extension: '.zip',
      success: INSCRIPTO_MSG.zipExported,
      failure: INSCRIPTO_MSG.zipExportFailed,
    },
  },
  {
    key: 'pdfAll',
    label: 'PDF Masivo',
    available: true,
    export: {
      path: '/api/inscriptos/export/pdf-all',
      format: 'PDF masivo',
      fileName: 'todas_las_inscripciones_',
      extension: '.pdf',
      success: INSCRIPTO_MSG.pdfAllExported,
      failure: INSCRIPTO_MSG.pdfAllExportFailed,
    },
  },
  {
    key: 'sql',
    label: 'Exportar a SQL',
    available: true,
    export: {
      path: '/api/inscriptos/export/sql',
      format: 'SQL',
      fileName: 'inscriptos_backup_',
      extension: '.sql',
      success: INSCRIPTO_MSG.sqlExported,
      failure: INSCRIPTO_MSG.sqlExportFailed,
    },
  },
];

/** The download name when the server sends none: SPEC 7's name with today's date in Montevideo. */
export function exportFileName(spec: NonNullable<ListAction['export']>, today: Date): string {
  return `${spec.fileName}${dateInMontevideo(today)}${spec.extension}`;
}
