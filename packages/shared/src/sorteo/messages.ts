import type { TLista, TResultado, TSorteoStage } from './schemas.ts';

export const STAGE_LABELS: Record<TSorteoStage, string> = {
  hermanos_juntos: 'Hermanos juntos',
  hermanos_primaria: 'Hermanos en primaria',
  comun: 'Sorteo común',
  suplentes: 'Suplentes',
};

export const LISTA_LABELS: Record<TLista, string> = { nenas: 'Nenas', varones: 'Varones' };

/**
 * Texts of the raffle (SPEC 2 "Raffle screen", SPEC 8 "Raffle"), quoted ones copied from SPEC.md exactly, the
 * rest ours. The client fallbacks are shown when the server gives no message; the server's own messages travel
 * in `message` and `error` of its error bodies.
 */
export const SORTEO_MSG = {
  // SPEC 8: what the screen shows when a call fails without a server message.
  errorObtenerParticipante: 'Error al obtener participante',
  errorConfirmar: 'Error al confirmar selección',
  errorFinalizar: 'Error al finalizar sorteo',
  errorIniciar: 'Error al iniciar el sorteo',
  errorConexion: 'Error de conexión',

  // SPEC 2: the screen.
  iniciar: 'Iniciar Sorteo',
  confirmar: 'Confirmar Selección',
  completadoTitulo: 'Sorteo Completado',
  completadoTexto: 'No hay más participantes para sortear.',
  finalizar: 'Finalizar Sorteo',
  tituloTablero: (anio: number) => `Bienvenidos / Ingresos ${anio}`,

  // Server.
  yaActivo: 'Ya hay un sorteo en curso. Finalizalo antes de iniciar otro.',
  sinParticipantes: 'No hay inscripciones finalizadas para sortear.',
  confirmarNuevo: (fecha: string) =>
    `Ya hay un sorteo archivado (finalizado el ${fecha}). Iniciar uno nuevo no lo borra: su acta queda guardada. ` +
    'Confirmá que querés iniciar un sorteo nuevo.',
  noActivo: 'No hay un sorteo en curso.',
  valorPublicoCerrado: 'El valor público ya no se puede cambiar: el primer participante ya fue sorteado.',
  sinSiguiente: 'Todavía no se pidió el siguiente participante.',
  participanteDesconocido: (numero: number) => `El N° ${numero} no participa en este sorteo.`,
  noEsElActual: (numero: number) =>
    `El N° ${numero} no es el participante que está en pantalla. Recargá para ver el actual.`,
  completo: 'Ya no quedan participantes por sortear.',
  finalizado: 'Sorteo finalizado. El acta quedó archivada.',
  yaFinalizado: 'No había un sorteo en curso: ya estaba finalizado.',
  actaNoEncontrada: 'El acta no existe o el sorteo todavía no terminó.',

  // The screen, where SPEC.md gives no wording (ours).
  pageTitle: 'Sorteo · Inscripciones',
  cargando: 'Cargando...',
  reconectando: 'Reconectando...',
  enVivo: 'En vivo',
  volverAlSistema: 'Volver al sistema',
  ingresar: 'Ingresar',

  // Board.
  tableroRegion: 'Resultados del sorteo',
  participantes: 'Participantes',
  titulares: 'Titulares',
  suplentes: 'Suplentes',
  listaTitulo: (resultado: TResultado, lista: TLista) =>
    `${resultado === 'titular' ? 'Titulares' : 'Suplentes'} · ${LISTA_LABELS[lista]}`,
  listaVacia: 'Todavía nadie.',
  posicion: (n: number) => `Suplente ${n}`,
  etapa: 'Etapa',

  // Fairness (docs/decisions/0008 "Randomness anyone can check").
  garantiaTitulo: 'Datos para verificar el sorteo',
  compromiso: 'Compromiso',
  compromisoAyuda:
    'SHA-256 de la semilla secreta, publicado antes del primer sorteo. La semilla se revela al finalizar.',
  hashLista: 'Lista de participantes (SHA-256)',
  valorPublico: 'Valor público',
  valorPublicoNinguno: '(ninguno)',
  valorPublicoPendiente: 'Todavía no se ingresó.',
  ultimoArchivado: (fecha: string) => `Último sorteo finalizado el ${fecha}`,
  semilla: 'Semilla revelada',

  // Start panel.
  inicioTitulo: 'Nuevo sorteo',
  plazasNenas: 'Plazas titulares para nenas',
  plazasVarones: 'Plazas titulares para varones',
  plazasInvalidas: 'Ingresá un número entero entre 0 y 1000.',
  iniciando: 'Iniciando...',
  confirmarNuevoBoton: 'Sí, iniciar un sorteo nuevo',
  cancelar: 'Cancelar',

  // Before the first draw.
  preparacionTitulo: 'Antes del primer sorteo',
  preparacionTexto:
    'Anunciá el compromiso en la sala. Si se va a usar un valor público (dados tirados en la sala o un sorteo ' +
    'de lotería anunciado), ingresalo ahora: después del primer sorteo ya no se puede cambiar.',
  valorPublicoCampo: 'Valor público dicho en la sala (opcional)',
  valorPublicoGuardar: 'Guardar valor público',
  valorPublicoGuardando: 'Guardando...',
  valorPublicoGuardado: 'Valor público registrado.',
  errorValorPublico: 'Error al guardar el valor público',
  sortearPrimero: 'Sortear primer participante',

  // Active panel.
  participanteActual: 'Participante sorteado',
  numero: 'N°',
  hermanos: 'Hermanos',
  obteniendo: 'Obteniendo participante...',
  confirmando: 'Confirmando...',
  reintentar: 'Reintentar',
  entraComo: (resultado: TResultado) => (resultado === 'titular' ? 'Titular' : 'Suplente'),
  asignacion: (lista: TLista, posicion: number) => `${LISTA_LABELS[lista]}, lugar ${posicion}`,
  progreso: (hechos: number, total: number) => `Sorteo ${hechos + 1} de ${total}`,
  terminarAntes: 'Terminar antes de tiempo',
  terminarAntesPregunta:
    '¿Finalizar el sorteo sin sortear a los que faltan? Queda archivado con lo confirmado hasta ahora.',
  finalizando: 'Finalizando...',

  // Archive.
  actasTitulo: 'Sorteos archivados',
  actasVacio: 'Todavía no hay sorteos archivados.',
  actaResumen: (a: { anio: number; fecha: string; titulares: number; suplentes: number; completo: boolean }) =>
    `Sorteo ${a.anio}, finalizado el ${a.fecha}: ${a.titulares} titulares, ${a.suplentes} suplentes` +
    (a.completo ? '' : ' (terminado antes de tiempo)'),
  actaPdf: 'Acta PDF',
  actaJson: 'Acta JSON',
  resultadosExcel: 'Resultados Excel',
  descargando: 'Descargando...',
  errorDescarga: 'Error al descargar el archivo',
  errorActas: 'Error al cargar los sorteos archivados',
} as const;
