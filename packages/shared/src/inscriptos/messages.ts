import { cuenta } from '../plural.ts';

/**
 * Spanish texts of the enrolment screens and service. Those quoted by SPEC.md (sections 2, 5 and 8) are
 * copied from it exactly, including the backend defaults the spec gives in English; the rest are ours, in
 * the same voice (Uruguayan voseo). Every other entity has its own catalogue, `<ENTITY>_MSG` in
 * `<entity>/messages.ts`; the texts of a request itself are in ../messages.ts.
 */
export const INSCRIPTO_MSG = {
  // The API's answers about a record.
  notFound: 'La inscripción no existe',
  stale: (usuario: string, fecha: string, hora: string) =>
    `La inscripción fue modificada por ${usuario} el ${fecha} a las ${hora}, después de que la abriste. ` +
    'Tus cambios no se guardaron: recargá la inscripción para ver la versión actual.',
  idTaken: 'Ya existe otra inscripción con ese identificador',
  idOtherContent: 'Ya existe una inscripción con este identificador y otros datos.',
  funcionarioUnknown: (username: string) => `El funcionario "${username}" no es un usuario activo`,
  versionRequired: 'Falta la versión de la inscripción que se leyó (version)',
  /** The participant list is frozen while its raffle runs. */
  fueraDelSorteoEnCurso:
    'El sorteo de este ciclo ya empezó con la lista de participantes cerrada: esta inscripción no participa de ese sorteo.',
  enSorteoNoEliminar:
    'Esta inscripción participa del sorteo en curso: no se puede eliminar hasta que el sorteo termine.',
  enSorteoFinalizada:
    'Esta inscripción participa del sorteo en curso: tiene que seguir finalizada hasta que el sorteo termine.',
  enSorteoCongelados: (campos: string) =>
    `Esta inscripción participa del sorteo en curso: hasta que el sorteo termine no pueden cambiar estos datos: ${campos}.`,
  // SPEC 8 "Form".
  loadFailed: 'Error al cargar los datos del inscripto',
  sectionSaved: 'Sección guardada correctamente',
  saveFailedBackupPdf: (message: string) =>
    'Error al guardar en la base de datos. Se ha generado un PDF de respaldo con los datos ingresados. Error: ' +
    message,
  saveFailedNoBackup: (message: string) => 'Error al guardar la sección y al generar PDF de respaldo: ' + message,
  sectionSaveFailed: (message: string) => 'Error al guardar la sección: ' + message,
  cannotAdvance: (list: string) =>
    '❌ No podés avanzar a la siguiente sección. Por favor completá los siguientes campos obligatorios: ' + list + '.',
  cannotFinalize: (list: string) =>
    'No se puede finalizar la inscripción. Faltan los siguientes campos obligatorios: ' + list,
  finalizeFailed: (message: string) => 'Error al finalizar la inscripción: ' + message,
  pdfGenerateFailed: (statusText: string) => 'Error generating PDF: ' + statusText,
  pdfExportFailed: 'Error al exportar a PDF',
  pdfDownloaded: 'PDF descargado correctamente',

  // SPEC 8 "Enrolment list and service".
  backendSaveFailed: 'Error saving to backend',
  backendUpdateFailed: 'Error updating in backend',
  backendReadFailed: 'Error reading from backend',
  backendDeleteFailed: 'Error deleting from backend',
  deleted: 'Inscripto eliminado correctamente.',
  deleteFailed: 'Error al eliminar el inscripto.',
  notCompleteFinalize: 'La inscripción no está completa. Faltan campos obligatorios.',
  excelExported: 'Excel descargado correctamente',
  zipExported: 'ZIP con PDFs descargado correctamente',
  pdfAllExported: 'PDF masivo descargado correctamente',
  sqlExported: 'Archivo SQL descargado correctamente',
  excelExportFailed: 'Error al exportar a Excel',
  zipExportFailed: 'Error al exportar PDFs a ZIP',
  pdfAllExportFailed: 'Error al exportar PDF masivo',
  sqlExportFailed: 'Error al exportar archivo SQL',
  /** SPEC 8's words, counted: "1 registro importado" (the spec writes the plural). */
  importSuccess: (imported: number, skipped: number) =>
    `Importación exitosa: ${cuenta(imported, 'registro importado', 'registros importados')}, ` +
    cuenta(skipped, 'registro omitido', 'registros omitidos'),
  /**
   * The result of an import in one line whose counts add up: imported, skipped (number already used) and refused
   * (errors or a CI already enrolled) are separate rows of the file.
   */
  importResumen: (imported: number, skipped: number, rejected: number, simulacion = false) =>
    (simulacion
      ? `Vista previa: ${cuenta(imported, 'registro se importaría', 'registros se importarían')}, ` +
        cuenta(skipped, 'registro se omitiría', 'registros se omitirían')
      : (imported > 0 || rejected === 0 ? 'Importación exitosa: ' : 'No se importó ningún registro: ') +
        `${cuenta(imported, 'registro importado', 'registros importados')}, ` +
        cuenta(skipped, 'registro omitido', 'registros omitidos')) +
    (skipped ? ' (número de inscripción ya existente)' : '') +
    (rejected
      ? `, ${cuenta(rejected, simulacion ? 'fila se rechazaría' : 'fila rechazada', simulacion ? 'filas se rechazarían' : 'filas rechazadas')}` +
        ' por errores o cédulas ya inscriptas'
      : ''),
  /** A cell outside its field's list, with the value given and the valid ones. */
  importOpcionInvalida: (campo: string, valor: string, opciones: readonly string[]) =>
    `${campo}: «${valor}» no es una opción válida (opciones: ${opciones.join(', ')})`,
  importCiVerificador: (campo: string, ci: string) =>
    `${campo} ${ci}: el dígito verificador no coincide; se importa igual (revisala, o ignorá el aviso si es un documento extranjero).`,
  importFailedDefault: 'Error al importar archivo Excel',
  /** "Error al importar: {message}", with the spec's default when there is no message. */
  importFailed: (message?: string | null) => 'Error al importar: ' + (message || 'Error al importar archivo Excel'),

  // SPEC 5 "Other rules": the import file.
  importNoFile: 'Por favor selecciona un archivo Excel',
  importWrongType: 'Por favor selecciona un archivo Excel (.xlsx o .xls)',
  importDuplicatesNote: 'Los números de inscripción duplicados se omiten.',

  // The server's checks of an uploaded file (ours).
  importNotSpreadsheet: 'El archivo no es una planilla de Excel válida o está dañado.',
  importTooLarge: 'El archivo supera el límite de 10 MB.',
  importTooManyRows: (rows: number) =>
    `La planilla tiene más de ${rows.toLocaleString('es-UY')} filas: dividila en varios archivos.`,
  importZipBomb: 'El archivo se expande a un tamaño excesivo y no se procesa.',
  importTooManyCells: (cells: number) =>
    `La planilla tiene más de ${cells.toLocaleString('es-UY')} celdas: dividila en varios archivos.`,
  importTooManyStrings: 'La planilla tiene demasiados textos para importarla de una vez: dividila en varios archivos.',
  importEmpty: 'La planilla no tiene filas de datos.',
  importNoHeaders: 'La primera fila de la planilla debe tener los nombres de las columnas.',

  // SPEC 5 "CI" and SPEC 2 (the CI hint and the valid mark).
  ciRequired: 'La cédula es obligatoria',
  ciLength: 'La cédula debe tener exactamente 8 dígitos (7 + verificador)',
  ciMinimum: 'La cédula debe ser mayor a 6.000.000',
  ciHint: 'Ingresá 7 dígitos (mayor a 6.000.000) + dígito verificador. El guión se agrega automáticamente.',
  ciValid: 'Cédula válida ✓',
  ciDuplicate: (nombre: string, apellido: string) => 'Esta cédula ya está registrada (' + nombre + ' ' + apellido + ')',
  ciCheckDigit:
    'El dígito verificador no coincide: revisá la cédula (si es un documento extranjero, ignorá este aviso).',

  // SPEC 2 "Enrolment list".
  listTitle: 'Listado de inscriptos',
  searchPlaceholder: 'Buscar por nombre o cédula...',
  listEmpty: 'No hay inscriptos.',
  listNoMatch: 'No se encontraron inscriptos con ese nombre.',
  readOnlyNotice: 'Modo solo lectura: no podés crear, editar o eliminar inscripciones.',
  newButton: 'Nueva inscripción',
  noEditPermission: 'No tienes permisos para editar',
  noDeletePermission: 'No tienes permisos para eliminar',
  deleteConfirmTitle: 'Eliminar inscripto',
  deleteConfirmText: (nombre: string) =>
    `¿Estás seguro de que querés eliminar a ${nombre}? Esta acción no se puede deshacer.`,
  showing: (from: number, to: number, total: number) => `Mostrando ${from}-${to} de ${total} inscriptos`,
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,

  // SPEC 2 "Enrolment form".
  titleNew: 'Nueva Inscripción',
  titleEdit: 'Editar Inscripto',
  // Ours: the read-only view, and the guest sent back from /inscriptos/nuevo.
  titleView: 'Ver Inscripto',
  createNotAllowed: 'Tu acceso es de solo lectura: no podés crear inscripciones.',
  /** A voluntario on a record that is neither theirs nor assigned to them (the list's tooltip is SPEC's). */
  notYoursNotice: 'Podés ver esta inscripción, pero no editarla: solo podés editar las que creaste o tenés asignadas.',
  /** The form's skip links, right after the page's own (the sidebar comes before the form). */
  skipToFirstField: 'Ir al primer campo del formulario',
  skipToSections: 'Ir a las secciones del formulario',
  /** The placeholder of every list of the form (one wording; the rules still read a stored 'Seleccione' as empty). */
  selectPlaceholder: 'Seleccioná una opción',
  /** What an empty list shows in a read-only form, which asks nothing. */
  noAnswer: 'Sin responder',
  badgeFinalized: 'FINALIZADO',
  badgePending: 'PENDIENTE',
  /** Up to 3 missing fields are listed, then this. */
  andMore: (n: number) => `y ${n} más...`,
  next: 'Siguiente',
  saveSection: 'Guardar Sección',
  finalize: 'Finalizar Inscripción',
  cannotFinalizeButton: 'No se puede finalizar (faltan campos)',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  // Ours (the UX issue): a read-only form leaves with "Volver", since there is nothing to cancel.
  back: 'Volver',
  exportPdf: 'Exportar PDF',
  conditional: 'Inscripción condicional',
  enrolledBy: 'Inscripción realizada por',
  adminOutOfZone: 'ADMIN: Fuera de zona autorizado',

  // SPEC 2: the modal shown after finalising, with the lottery information of SPEC 9.
  finalizedTitle: '¡Inscripción Finalizada!',
  finalizedNumber: (numero: string | number) => `Número de inscripción: ${numero}`,
  lotteryDate: '31 de octubre',
  lotteryTime: '14:00 horas',
  lotteryPlace: 'Comedor de Secundaria (presencial)',
  lotteryInfo:
    'El sorteo se realizará el 31 de octubre a las 14:00 horas en el Comedor de Secundaria (presencial). ' +
    'También se transmitirá en vivo por redes sociales.',
  lotteryKeepNumber: 'Guardá este número para el día del sorteo.',

  // Rules of this package (ours).
  birthDateInvalid: 'La fecha de nacimiento no es una fecha válida',
  birthDateOutOfRange: (min: string, max: string) => `La fecha de nacimiento debe estar entre el ${min} y el ${max}`,
  yearRange: (section: string, start: number, end: number) =>
    `${section}: El año de inicio (${start}) no puede ser posterior al año de fin (${end})`,
  centreYearOutOfRange: (section: string, which: 'inicio' | 'fin', year: number, min: number, max: number) =>
    `${section}: el año de ${which} (${year}) debe estar entre ${min} y ${max}`,
  siblingCi: (n: number, message: string) => `Hermano ${n}: ${message}`,
  siblingCiIsChild: 'La cédula del hermano no puede ser la misma que la del estudiante.',
  siblingPrimariaRequired: 'Respondiste que tiene hermanos en primaria del centro: agregá al menos un hermano.',

  // The list screen and its import dialog where SPEC.md gives no wording (ours).
  /** SPEC 2: the role tag of a read-only user (the sidebar badge says "Visitado"). */
  roleTagReadOnly: 'Solo lectura',
  readOnlyIcon: 'Solo lectura',
  searchLabel: 'Buscar inscriptos',
  estadoLabel: 'Estado',
  estadoAll: 'Todos los estados',
  estadoPendientes: 'Pendientes',
  estadoFinalizados: 'Finalizados',
  /** The staff list's filter for the families' sent applications (docs/decisions/0038). */
  estadoSolicitudes: 'Solicitud en línea — a verificar',
  mineGroup: 'Qué inscripciones mostrar',
  mine: 'Mis inscripciones',
  all: 'Todos',
  caption: (page: number, pages: number) => `Inscriptos, página ${page} de ${pages}`,
  loading: 'Cargando inscriptos...',
  listLoadFailed: 'No se pudo cargar el listado de inscriptos.',
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
  selected: (n: number) => cuenta(n, 'inscripción seleccionada', 'inscripciones seleccionadas'),
  exportSelection: 'Exportar selección a Excel',
  printSelection: 'Imprimir selección (PDF)',
  clearSelection: 'Quitar selección',
  pagination: 'Paginación',
  previous: 'Anterior',
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
  previewPosiblesDuplicados: 'Posibles duplicados (se importan igual)',
  previewProblems: (rejected: number) =>
    `${cuenta(rejected, 'fila no se importará', 'filas no se importarán')} por errores o cédulas ` +
    'ya inscriptas. Podés corregir el archivo y volver a generar la vista previa, o importar el resto.',
  previewFailed: (message: string) => `No se pudo generar la vista previa: ${message || 'error al leer el archivo'}`,
  errorsCaption: (rows: number) => `Filas con errores (${cuenta(rows, 'fila')})`,
  duplicatesCaption: 'Cédulas duplicadas: no se importarán',
  posiblesDuplicadosCaption:
    'Posibles duplicados: se importarán igual; después revisalos en "Posibles duplicados" antes del sorteo',
  colFila: 'Fila',
  colCampo: 'Campo',
  colMotivo: 'Motivo',
  colValor: 'Valor',
  importCiRepetida: (nombre: string, conflicto: string) => `${nombre}: la cédula coincide con ${conflicto}`,
  // The result of a real import, kept on the list until closed.
  importResultTitle: 'Resultado de la importación',
  importRejectedCaption: (rows: number) => `Filas rechazadas (${cuenta(rows, 'fila')}): no se importaron`,
  importRejectedDownload: 'Descargar filas rechazadas (CSV)',
  importRejectedFile: 'filas_rechazadas.csv',
  importResultClose: 'Cerrar el resultado',
  colNombre: 'Nombre',
  colCedula: 'Cédula',
  colConflicto: 'Coincide con',
  colAviso: 'Aviso',
  avisosTitle: 'Avisos',
  ignoredColumns: 'Columnas ignoradas (no corresponden a ningún campo):',
  /** Long tables show their first rows only. */
  firstRowsOnly: (shown: number, total: number) => `Se muestran las primeras ${shown} de ${total}.`,

  // A segment of the director's panel on the list.
  segmentoReservado: 'Solo un administrador puede filtrar por estrato o por motivo de condicionalidad',
  /** The guest is the public: a list filtered by barrio would tell where each child lives. */
  segmentoBarrioPublico: 'La cuenta de invitado no puede filtrar por barrio',
  segmentoChips: 'Filtros del panel',
  quitarFiltro: (texto: string) => `Quitar el filtro ${texto}`,
  // Saving a finalised enrolment sends it back to pendiente and out of the next raffle (SPEC 4).
  refinalize: {
    warning:
      'Esta inscripción está finalizada: al guardar vuelve a PENDIENTE y no participa del sorteo hasta que se ' +
      'finalice de nuevo',
    title: '¿Guardar una inscripción finalizada?',
    saveAnyway: 'Guardar igual',
    cancel: 'Cancelar',
    offer: 'La inscripción quedó PENDIENTE y no participa del sorteo hasta que se finalice de nuevo.',
    finalizeAgain: 'Finalizar de nuevo',
  },
} as const;
