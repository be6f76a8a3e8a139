/**
 * Texts of the list screen that SPEC.md does not quote and INSCRIPTO_MSG does not have yet. They belong
 * in packages/shared/src/inscriptos/messages.ts (INSCRIPTO_MSG) when shared is next changed.
 */
export const LIST_TEXT = {
  /** SPEC 2: the role tag of a read-only user (the sidebar badge says "Visitado"). */
  roleTagReadOnly: 'Solo lectura',
  readOnlyIcon: 'Solo lectura',
  searchLabel: 'Buscar inscriptos',
  estadoLabel: 'Estado',
  estadoAll: 'Todos los estados',
  estadoPendientes: 'Pendientes',
  estadoFinalizados: 'Finalizados',
  mineGroup: 'Qué inscripciones mostrar',
  mine: 'Mis inscripciones',
  all: 'Todos',
  caption: (page: number, pages: number) => `Inscriptos, página ${page} de ${pages}`,
  loading: 'Cargando inscriptos...',
  loadFailed: 'No se pudo cargar el listado de inscriptos.',
  retry: 'Reintentar',
  offline: (fecha: string, hora: string) =>
    `Sin conexión con el servidor: se muestra la última lista cargada en este navegador (${fecha} a las ${hora}). ` +
    'Puede no estar actualizada.',
  offlineOtherView: 'Corresponde a otra búsqueda, filtro o página que la pedida.',
  summaryLabel: 'Resumen de todas las inscripciones',
  summaryTotal: 'Total',
  summaryPending: 'Pendientes',
  summaryFinalized: 'Finalizados',
  noNumber: 'Sin número',
  view: 'Ver',
  /** A search found the record through a sibling enrolling with the child (docs/decisions/0019). */
  siblingMatch: (nombre: string, ci: string) => `Coincide con su hermano/a ${nombre}${ci ? ` (CI ${ci})` : ''}`,
  sortBy: (column: string) => `Ordenar por ${column}`,
  dateRange: 'Fecha de inscripción',
  desde: 'Desde',
  hasta: 'Hasta',
  selectRow: (nombre: string) => `Seleccionar la inscripción de ${nombre}`,
  selectPage: 'Seleccionar todas las inscripciones de esta página',
  selected: (n: number) => `${n} ${n === 1 ? 'inscripción seleccionada' : 'inscripciones seleccionadas'}`,
  exportSelection: 'Exportar selección a Excel',
  printSelection: 'Imprimir selección (PDF)',
  clearSelection: 'Quitar selección',
  pagination: 'Paginación',
  previous: 'Anterior',
  next: 'Siguiente',
  pageLink: (page: number) => `Página ${page}`,
  actions: 'Acciones',
  unavailable: 'Disponible próximamente',
  importTitle: 'Importar desde Excel',
  importFileLabel: 'Archivo Excel (.xlsx o .xls)',
  importSelected: 'Archivo seleccionado:',
  importing: 'Importando...',
  exporting: 'Exportando...',
  /** While an export is prepared (aria-live): the server may take many seconds for thousands of records. */
  exportingStatus: (format: string) => `Preparando el archivo ${format}. Puede tardar unos segundos.`,
  // The import dialog's "vista previa" (?simular=true).
  previewButton: 'Vista previa',
  previewing: 'Generando vista previa...',
  previewTitle: 'Vista previa',
  previewNote: 'Todavía no se guardó nada. Revisá el resultado y presioná "Importar" para importar este archivo.',
  previewWouldImport: 'Registros que se importarían',
  previewWouldSkip: 'Omitidos (número de inscripción ya existente)',
  previewInvalidRows: 'Filas con errores',
  previewDuplicates: 'Cédulas duplicadas',
  previewReady: (imported: number, skipped: number, rejected: number) =>
    `Vista previa: se importarían ${imported} ${imported === 1 ? 'registro' : 'registros'}, ` +
    `se omitirían ${skipped}` +
    (rejected ? ` y ${rejected} ${rejected === 1 ? 'fila no se importaría' : 'filas no se importarían'}` : '') +
    '.',
  previewProblems: (rejected: number) =>
    `${rejected} ${rejected === 1 ? 'fila no se importará' : 'filas no se importarán'} por errores o cédulas ` +
    'duplicadas. Podés corregir el archivo y volver a generar la vista previa, o importar el resto.',
  previewFailed: (message: string) => `No se pudo generar la vista previa: ${message || 'error al leer el archivo'}`,
  errorsCaption: (rows: number) => `Filas con errores (${rows} ${rows === 1 ? 'fila' : 'filas'})`,
  duplicatesCaption: 'Cédulas duplicadas: no se importarán',
  colFila: 'Fila',
  colCampo: 'Campo',
  colMotivo: 'Motivo',
  colNombre: 'Nombre',
  colCedula: 'Cédula',
  colConflicto: 'Coincide con',
  avisosTitle: 'Avisos',
  ignoredColumns: 'Columnas ignoradas (no corresponden a ningún campo):',
  /** Long tables show their first rows only. */
  firstRowsOnly: (shown: number, total: number) => `Se muestran las primeras ${shown} de ${total}.`,
} as const;
