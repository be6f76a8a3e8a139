import { cuenta } from '../plural.ts';

/** Texts of the "Accesos" screen (ours, in the voice of SPEC.md; docs/privacy.md). */
export const ACCESO_MSG = {
  titulo: 'Accesos',
  intro:
    'Quién vio una inscripción, descargó su PDF, exportó inscripciones o consultó un estado, cuándo y desde qué ' +
    'dirección.',
  filtros: 'Filtros de accesos',
  usuario: 'Usuario',
  inscripcion: 'Id de la inscripción',
  accion: 'Acción',
  todas: 'Todas',
  desde: 'Desde',
  hasta: 'Hasta',
  filtrar: 'Filtrar',
  limpiar: 'Limpiar',
  cargando: 'Cargando',
  cargaFallida: 'No se pudieron cargar los accesos.',
  total: (n: number) => cuenta(n, 'acceso'),
  /** The table's scrolling box, reachable with the keyboard (it scrolls sideways on a phone). */
  tabla: 'Accesos registrados',
  columnas: {
    fecha: 'Fecha',
    usuario: 'Usuario',
    accion: 'Acción',
    inscripcion: 'Inscripción',
    detalle: 'Detalle',
    ip: 'IP',
  },
  cantidad: (n: number) => ` (${cuenta(n, 'inscripción')})`,
  paginas: 'Páginas de accesos',
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  pagina: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;
