import { cuenta, plural } from '../plural.ts';
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
  confirmarNuevo: (fecha: string, motivo: string) =>
    `El sorteo anterior de este ciclo fue anulado el ${fecha}. Motivo: «${motivo}». Iniciar uno nuevo no lo ` +
    'borra: sigue en el tablero y en el acta. Confirmá que querés iniciar un sorteo nuevo.',
  yaRealizado: (fecha: string) =>
    `El sorteo de este ciclo ya se realizó y quedó finalizado el ${fecha}: no se puede sortear otra vez.`,
  faltaValorPublico: 'Falta registrar el valor público y de dónde salió: sin él no se puede sortear ni confirmar.',
  faltaMotivoAnulacion:
    'El sorteo no terminó: para finalizarlo antes del último sorteo escribí el motivo de la anulación.',
  anulado: 'Sorteo anulado. Queda registrado con su motivo en el tablero y en las actas del ciclo.',
  sinListaPublica: 'Todavía no hay una lista de participantes publicada.',
  actaPublicaNoDisponible: 'Este sorteo es anterior al acta pública: no tiene una.',
  noActivo: 'No hay un sorteo en curso.',
  esquemaDesconocido: (nombres: string) => `No hay un esquema con ese nombre. Los esquemas publicados son: ${nombres}.`,
  semillaIlegible:
    'No se puede abrir la semilla sellada del sorteo: la clave del servidor (JWT_SECRET) cambió desde que empezó. ' +
    'Volvé a poner la clave anterior para seguir con el sorteo o para finalizarlo.',
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

  // Fairness (docs/decisions/0008 "Azar que cualquiera puede comprobar").
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
  ancla: 'Ancla de la auditoría',

  // The projector board (docs/ux.md "El tablero en el proyector").
  ultimoSorteado: 'Último sorteado',
  nadieSorteadoAun: 'Todavía no se sorteó a nadie.',
  sorteadoComo: (resultado: TResultado, lista: TLista | null) =>
    `${resultado === 'titular' ? 'Titular' : 'Suplente'}${lista ? ` · ${LISTA_LABELS[lista]}` : ' · Hermanos'}`,
  anteriores: (n: number) => `+ ${n} ${n === 1 ? 'anterior' : 'anteriores'}, más arriba`,
  proximoSorteo: 'Próximo sorteo',
  fecha: 'Fecha',
  hora: 'Hora',
  lugar: 'Lugar',
  transmision: 'Transmisión en vivo',
  sorteoFinalizado: 'Sorteo finalizado',

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
    'Anunciá el compromiso y el hash de la lista en la sala. Ingresá el valor público (dados tirados en la ' +
    'sala o un sorteo de lotería anunciado) y de dónde salió: después del primer sorteo ya no se puede cambiar.',
  valorPublicoCampo: 'Valor público dicho en la sala',
  valorPublicoOrigenCampo: 'De dónde salió (por ejemplo: dados lanzados por la escribana)',
  valorPublicoObligatorio: 'El valor público y su origen son obligatorios antes del primer sorteo.',
  valorPublicoOrigen: 'Origen',
  listaPdf: 'Lista de participantes (PDF)',
  listaPdfAyuda: 'Imprimila para que la firmen los testigos antes de ingresar el valor público.',
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
  terminarAntes: 'Anular el sorteo',
  finalizando: 'Finalizando...',
  // End dialog.
  finalizarTitulo: '¿Finalizar el sorteo?',
  finalizarTexto:
    'Se revela la semilla y se guarda el acta, que ya no cambia. Los resultados siguen en el tablero público.',
  escuela: 'Escuela',
  escribano: 'Escribano/a',
  testigos: 'Testigos (uno por línea)',
  anularTitulo: '¿Anular el sorteo?',
  anularTexto:
    'Faltan sorteos por confirmar: el sorteo queda anulado, con su motivo, en el tablero y en todas las actas ' +
    'del ciclo.',
  motivoAnulacion: 'Motivo de la anulación',
  motivoObligatorio: 'Escribí el motivo de la anulación.',
  anular: 'Anular sorteo',

  // Pre-flight.
  preflightTitulo: 'Antes de iniciar',
  preflightCargando: 'Revisando las inscripciones...',
  preflightParticipan: (unidades: number, niños: number) =>
    `${plural(niños, 'Participa', 'Participan')} ${cuenta(niños, 'niño o niña', 'niños y niñas')} en ` +
    `${cuenta(unidades, 'sorteo')} (inscripciones finalizadas).`,
  preflightDesfinalizados: (n: number) =>
    `${cuenta(n, 'inscripción')} ${plural(n, 'estuvo finalizada y ahora está', 'estuvieron finalizadas y ahora están')} ` +
    `PENDIENTE${plural(n, '', 'S')}: no ${plural(n, 'participa', 'participan')}.`,
  preflightDesfinalizado: (nombre: string, numero: string, por: string, cuando: string) =>
    `${numero ? `N° ${numero} · ` : ''}${nombre} — guardada por ${por} el ${cuando}`,
  preflightPendientes: (n: number) =>
    `${cuenta(n, 'inscripción pendiente', 'inscripciones pendientes')}: no ${plural(n, 'participa', 'participan')}.`,
  preflightHermanos: (n: number) =>
    `${cuenta(n, 'hermano')} sin inscripción propia: ${plural(n, 'participa', 'participan')} con su hermano/a.`,
  preflightHermano: (nombre: string, numero: string, de: string) => `N° ${numero} · ${nombre} (hermano/a de ${de})`,
  preflightDuplicados: (n: number) => `Posibles duplicados sin resolver: ${n}.`,
  preflightRevisado: 'Revisé quiénes participan y quiénes no',
  motivoDuplicados: 'Motivo para iniciar con posibles duplicados sin resolver',
  motivoDuplicadosAyuda: 'Queda en el acta y en la auditoría.',
  iniciarIgual: 'Iniciar igual, con este motivo',
  yaRealizadoPanel: 'El sorteo de este ciclo ya se realizó: sus resultados quedan publicados.',

  // Public list and verification.
  listaPublicaTitulo: (n: number) => `Lista de participantes (${n})`,
  listaPublicaAyuda:
    'Números e iniciales de quienes participan, congelados al iniciar. El hash de esta lista es el que muestra el tablero.',
  listaPublicaBuscar: 'Buscar un número',
  listaPublicaNoEsta: 'Ese número no está en la lista.',
  verificar: 'Verificar este sorteo',
  verificando: 'Repitiendo el sorteo en este navegador...',
  verificado: (s: { sorteos: number; titulares: number; suplentes: number; segundos: string }) =>
    `Coincide: este navegador repitió ${plural(s.sorteos, 'el', 'los')} ${cuenta(s.sorteos, 'sorteo')} con el acta ` +
    `pública y ${plural(s.sorteos, 'da', 'dan')} el mismo resultado ` +
    `(${cuenta(s.titulares, 'titular')}, ${cuenta(s.suplentes, 'suplente')}; ${s.segundos} s).`,
  noVerificado: (error: string) => `No coincide: ${error}`,
  errorVerificar: 'No se pudo descargar el acta pública',
  actaPublica: 'Acta pública (JSON)',
  sorteosDelCiclo: 'Sorteos de este ciclo',
  anuladoEl: (fecha: string) => `Anulado el ${fecha}`,
  finalizadoEl: (fecha: string) => `Finalizado el ${fecha}`,
  motivo: 'Motivo',

  // The public value's source, declared at start, and its one canonical form (docs/decisions/0027).
  fuenteTipo: 'Elegí de dónde sale el valor público: dados, lotería o drand.',
  fuenteCantidadDados: 'La cantidad de dados debe ser un número entero del 1 al 20.',
  fuenteSorteoLoteria: 'Escribí qué sorteo de lotería se usa (por ejemplo: Quiniela nocturna del 12/11/2026).',
  fuenteSorteoLoteriaLargo: 'El nombre del sorteo de lotería puede tener como máximo 200 caracteres.',
  fuenteCantidadLoteria: 'La cantidad de números de la lotería debe ser un número entero del 1 al 30.',
  fuenteCifrasLoteria: 'Las cifras de cada número de la lotería deben ser un número entero del 1 al 6.',
  fuenteCadenaDrand: 'La única cadena de drand que se acepta es quicknet.',
  fuenteDespuesDe: 'La hora de drand debe ser una fecha y hora ISO-8601 en UTC, por ejemplo 2026-11-12T21:00:00Z.',
  fuenteRondaDrand: 'La ronda de drand debe ser la primera después de la hora fijada al iniciar.',
  fuenteDrandAntesDelInicio:
    'La ronda de drand tiene que salir después del inicio del sorteo: una ronda anterior ya se conoce y se ' +
    'podría elegir.',
  fuenteDrandMuyLejos: (horas: number) =>
    `La ronda de drand tiene que salir dentro de las ${horas} horas siguientes al inicio del sorteo.`,
  fuenteDados: (cantidad: number) =>
    `${cantidad} dado${cantidad === 1 ? '' : 's'} de seis caras, tirado${cantidad === 1 ? '' : 's'} en la sala`,
  fuenteLoteria: (cantidad: number, cifras: number, sorteo: string) =>
    `${cantidad === 1 ? 'El primer número' : `Los primeros ${cantidad} números`} (de ${cifras} ` +
    `cifra${cifras === 1 ? '' : 's'}) del sorteo «${sorteo}», en el orden en que se publican`,
  fuenteDrand: (ronda: number, despuesDe: string) =>
    `La ronda ${ronda} de drand quicknet, la primera después del ${despuesDe} (hora de Uruguay), con su firma ` +
    'verificada con la clave pública de la red',
  formaDados: (cantidad: number) =>
    `Ingresá exactamente ${cantidad} dado${cantidad === 1 ? '' : 's'}, cada uno del 1 al 6, separados por ` +
    'espacios o comas y en cualquier orden (por ejemplo: 5 3 6).',
  formaLoteria: (cantidad: number, cifras: number) =>
    `Ingresá exactamente ${cantidad === 1 ? 'el primer número publicado' : `los primeros ${cantidad} números publicados`}, ` +
    `del 0 al ${'9'.repeat(cifras)}, separados por espacios o comas y en cualquier orden.`,
  formaDrand: (ronda: number) =>
    `Pegá la firma (signature) de la ronda ${ronda} de drand quicknet: 96 dígitos hexadecimales.`,
  valorVacio: (forma: string) => `Falta el valor público. ${forma}`,
  valorCantidad: (hay: number, declarados: number, forma: string) =>
    hay === 0
      ? `El valor no tiene números. ${forma}`
      : `El valor tiene ${hay} número${hay === 1 ? '' : 's'} y se declararon ${declarados}. ${forma}`,
  valorOtrasCifras: (forma: string) => `El valor tiene cifras que no son del 0 al 9. ${forma}`,
  valorDadoFueraDeRango: (texto: string, forma: string) => `«${texto}» no es la cara de un dado. ${forma}`,
  valorLoteriaFueraDeRango: (texto: string, cifras: number, forma: string) =>
    `«${texto}» tiene más de ${cifras} cifra${cifras === 1 ? '' : 's'}. ${forma}`,
  valorDrandFormato: (forma: string) => `Eso no es una firma de drand. ${forma}`,
  valorDrandOtraRonda: (ingresada: number, declarada: number) =>
    `Ese valor es de la ronda ${ingresada} de drand, y la declarada al iniciar es la ${declarada}.`,
  valorDrandNoVerifica: (ronda: number) =>
    `Esa firma no es la de la ronda ${ronda} de drand quicknet: no verifica con la clave pública de la red. ` +
    `Copiá completa la firma de la ronda ${ronda}.`,

  // Archive.
  actasTitulo: 'Sorteos archivados',
  actasVacio: 'Todavía no hay sorteos archivados.',
  actaResumen: (a: { anio: number; fecha: string; titulares: number; suplentes: number; completo: boolean }) =>
    `Sorteo ${a.anio}, finalizado el ${a.fecha}: ${cuenta(a.titulares, 'titular')}, ${cuenta(a.suplentes, 'suplente')}` +
    (a.completo ? '' : ' (terminado antes de tiempo)'),
  actaPdf: 'Acta PDF',
  actaJson: 'Acta JSON',
  resultadosExcel: 'Resultados Excel',
  descargando: 'Descargando...',
  errorDescarga: 'Error al descargar el archivo',
  errorActas: 'Error al cargar los sorteos archivados',
} as const;
