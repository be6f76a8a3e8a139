import { cuenta } from '../plural.ts';

/** Texts of the possible duplicates (ours, in the voice of SPEC.md): entry warning, review and raffle. */
export const DUPLICADO_MSG = {
  noAbierto: 'El posible duplicado no existe o ya fue resuelto.',
  noEsDelGrupo: 'Esa inscripción no es parte de este posible duplicado.',
  /** POST /api/sorteo/start while pairs are open, without a written reason. */
  sorteoBloqueado: (n: number) =>
    n === 1
      ? 'Hay 1 posible duplicado sin resolver. Resolvelo o indicá un motivo para iniciar igual.'
      : `Hay ${n} posibles duplicados sin resolver. Resolvelos o indicá un motivo para iniciar igual.`,
  /** At entry: a warning, never a refusal. */
  aviso: (nombre: string, numero: number | null, motivoTexto: string) =>
    `Posible duplicado de ${nombre}${numero !== null ? `, N° ${numero}` : ''}: ${motivoTexto}`,
  // The screen "Posibles duplicados" (/duplicados).
  titulo: 'Posibles duplicados',
  intro:
    'Un niño inscripto dos veces tendría dos números en el sorteo. Revisá cada par o grupo de niños parecidos: si es el mismo niño, eliminá la inscripción que sobra (o abrila para corregirla); si no, marcá que no son la misma persona. El sorteo espera hasta que no quede ninguno sin resolver.',
  /** The same screen for a volunteer, who cannot delete nor resolve. */
  introVoluntario:
    'Un niño inscripto dos veces tendría dos números en el sorteo. Si ves que es el mismo niño, abrí tu inscripción para revisar los datos o avisale a un administrador: él elimina la que sobra o marca que no son la misma persona antes del sorteo.',
  soloLectura: 'Solo un administrador puede eliminar una inscripción o marcar un par como "No son la misma persona".',
  cargando: 'Cargando posibles duplicados',
  errorCarga: 'Error al cargar los posibles duplicados',
  ninguno: 'No hay posibles duplicados sin resolver.',
  abiertos: (n: number) => `${cuenta(n, 'posible duplicado', 'posibles duplicados')} sin resolver`,
  par: (i: number, n: number) => `Par ${i} de ${n}`,
  /** A group of three or more look-alikes. */
  grupo: (i: number, n: number, ninos: number) => `Grupo ${i} de ${n}: ${ninos} niños parecidos`,
  grupoTabla: (i: number, n: number) => `Niños del grupo ${i} de ${n}`,
  grupoPrimeros: (mostrados: number, total: number) =>
    `Se muestran los primeros ${mostrados} de ${total}. Cada inscripción que se elimina o se corrige achica el grupo.`,
  abrirNino: (nombre: string) => `Abrir el registro de ${nombre}`,
  paginas: 'Páginas de posibles duplicados',
  pagina: (page: number, pages: number) => `Página ${page} de ${pages}`,
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  leyenda: 'Resaltados: los datos que difieren entre los dos registros.',
  distinto: ' (difiere)',
  campo: 'Dato',
  registro: (letra: string) => `Registro ${letra}`,
  nombre: 'Nombre',
  fechaNacimiento: 'Fecha de nacimiento',
  ci: 'Cédula',
  inscripcion: 'Inscripción',
  noConsta: 'No consta',
  sinNumero: 'Sin número (pendiente)',
  numero: (n: number) => `N° ${n}`,
  hermanoListado: 'Listado como hermano en esa inscripción',
  abrir: (letra: string) => `Abrir el registro ${letra}`,
  abrirDetalle: ' para revisarlo o corregirlo',
  // Deleting the record that is left over (administrators).
  eliminar: (letra: string) => `Eliminar el registro ${letra}`,
  eliminarNino: (nombre: string) => `Eliminar la inscripción de ${nombre}`,
  eliminarTitulo: '¿Eliminar esta inscripción?',
  eliminarTexto: (nombre: string, numero: number | null) =>
    `Se elimina la inscripción de ${nombre}${numero !== null ? ` (N° ${numero})` : ''} como duplicada. No se puede deshacer: ` +
    'queda en "Resueltos" quién la eliminó y cuándo.',
  eliminarConfirmar: 'Eliminar',
  eliminando: 'Eliminando...',
  eliminada: 'Inscripción eliminada: el posible duplicado pasó a "Resueltos".',
  errorEliminar: 'No se pudo eliminar la inscripción',
  eliminadaResuelto: (numero: number | null, conservados: string, nombre: string, cuando: string) =>
    `Se eliminó la inscripción ${numero !== null ? `N° ${numero}` : 'sin número'}, duplicada de ${conservados}, según ${nombre} (${cuando})`,
  noSonLaMisma: 'No son la misma persona',
  nota: 'Nota (opcional)',
  notaAyuda: 'Por ejemplo: son mellizos, lo confirmó la familia.',
  confirmar: 'Confirmar',
  cancelar: 'Cancelar',
  guardando: 'Guardando...',
  resuelto: 'Marcado como "No son la misma persona".',
  errorResolver: 'No se pudo guardar la decisión',
  resueltosTitulo: 'Resueltos',
  resueltosNinguno: 'Todavía no se resolvió ningún par.',
  yOtros: (n: number) => ` y ${cuenta(n, 'niño')} más`,
  resueltoPor: (nombre: string, cuando: string) => `No son la misma persona, según ${nombre} (${cuando})`,
  motivo: 'Motivo',
  decision: 'Decisión',
  // The form's warning, beside the child's name, birth date and CI, in words for who types and when.
  avisoTitulo: '¿Ya está inscripto?',
  /** Before the record is saved: whoever types can still stop. */
  avisoAntesAdmin:
    'Si es el mismo niño, no lo cargues de nuevo: abrí la otra inscripción y completala. Si no lo es, podés seguir; el par se revisa en',
  avisoAntesVoluntario:
    'Preguntale a la familia si ya lo inscribieron. Si es el mismo niño, no lo cargues de nuevo; si no lo es, podés seguir: un administrador revisa el par en',
  /** After it is saved (no "guardar igual" then). */
  avisoGuardadaAdmin: 'Esta inscripción ya está guardada. Si es el mismo niño, eliminá la que sobra desde',
  avisoGuardadaVoluntario:
    'Esta inscripción ya está guardada. Si es el mismo niño, avisale a un administrador: la que sobra se elimina desde',
  avisoAyudaFin: 'antes del sorteo.',
  // The sidebar's badge (read with the link's name: "Posibles duplicados 3 sin resolver").
  insigniaSinResolver: ' sin resolver',
} as const;
