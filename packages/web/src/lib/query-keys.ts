/**
 * Every TanStack Query key of the app, in one place. A write in one screen refreshes another's reads by key
 * prefix (a saved enrolment refreshes the list pages, a changed user the pickers of officials, a saved
 * content the public subset), so each prefix is written once, here.
 */
export const queryKeys = {
  /** Prefix of every list page of enrolments: refreshed after any write. */
  inscriptos: ['inscriptos'] as const,
  inscriptosLista: (query: string) => ['inscriptos', 'lista', query] as const,
  inscripto: (id: string) => ['inscripto', id] as const,
  inscriptoHistorial: (id: string) => ['inscripto', id, 'historial'] as const,
  /** The director's panel of a cycle: under the enrolments' prefix, so any write refreshes it. */
  panel: (ciclo: string | null) => ['inscriptos', 'panel', ciclo ?? 'actual'] as const,
  verificarCi: (ci: string, excluir: string | null) => ['verificar-ci', ci, excluir] as const,
  /** Prefix of everything read about possible duplicates: refreshed after a resolution or a save. */
  duplicados: ['duplicados'] as const,
  duplicadosAbiertos: ['duplicados', 'abiertos'] as const,
  duplicadosAbiertosCuenta: ['duplicados', 'abiertos', 'cuenta'] as const,
  duplicadosResueltos: ['duplicados', 'resueltos'] as const,
  /** The form's check of a record being typed (its identifying fields, as sent). */
  duplicadosVerificar: (body: string) => ['duplicados', 'verificar', body] as const,
  /** Prefix of everything read about users: refreshed after a user is created, changed or deleted. */
  users: ['users'] as const,
  funcionarios: ['users', 'funcionarios'] as const,
  /** Prefix of the school's content: refreshed when the current cycle changes (its lottery texts). */
  configuracion: ['configuracion'] as const,
  /** The school's content, with its version (docs/decisions/0011). */
  contenido: ['configuracion', 'contenido'] as const,
  /** Its public subset (no session): the raffle screen. */
  contenidoPublico: ['configuracion', 'publico'] as const,
  /** Admission cycles (docs/decisions/0014): the sidebar, home, the list's selector and /admin/ciclos. */
  ciclos: ['ciclos'] as const,
  retencion: ['ciclos', 'retencion'] as const,
  anonimizarVistaPrevia: (id: string) => ['ciclos', id, 'anonimizar', 'vista-previa'] as const,
  accesos: (filters: unknown, page: number) => ['accesos', filters, page] as const,
  /** Which channels the server sends the messages to the families through (decision 0029). */
  avisosCanales: ['avisos', 'canales'] as const,
  /** A record's messages (its panel), the failures of a cycle, the texts in Configuración. */
  avisosDeInscripto: (id: string) => ['avisos', 'inscripto', id] as const,
  avisosFallidos: (page: number) => ['avisos', 'fallidos', page] as const,
  avisosTextos: ['avisos', 'textos'] as const,
  /** A number's status code for the families, by record. */
  codigoEstado: (id: string) => ['codigo-estado', id] as const,
  /** A school's part of the network's assignment (decision 0039): its screen and the sidebar's link. */
  asignacionEscuela: ['asignacion', 'escuela'] as const,
  /** The places after the raffle. */
  plazas: ['plazas'] as const,
  plazasTablero: ['plazas', 'tablero'] as const,
  sorteo: {
    tablero: ['sorteo', 'tablero'] as const,
    /** The board with an administrator's detail (stage, position), per raffle and confirmed draws. */
    adminParticipants: (id: string, currentIndex: number) => ['sorteo', 'participants', id, currentIndex] as const,
    /** Prefix of every proposed next draw. */
    nextAll: ['sorteo', 'next'] as const,
    next: (id: string, currentIndex: number) => ['sorteo', 'next', id, currentIndex] as const,
    actas: (archivados: number) => ['sorteo', 'actas', archivados] as const,
    preflight: ['sorteo', 'preflight'] as const,
    /** The frozen public list of one raffle (it never changes). */
    listaPublica: (id: string) => ['sorteo', 'lista-publica', id] as const,
  },
};
