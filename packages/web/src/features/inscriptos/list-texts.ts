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
} as const;
