import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import type { TLista, TResultado } from '@inscripciones/shared/sorteo/schemas.ts';

/**
 * Texts of the raffle screen that SPEC 2 does not fix (SPEC's own texts and the error fallbacks of SPEC 8
 * are SORTEO_MSG in packages/shared/src/sorteo/messages.ts).
 */
export const SORTEO_TEXT = {
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
  sinSorteo: 'No hay un sorteo en curso.',
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
  confirmarNuevo: 'Sí, iniciar un sorteo nuevo',
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
    `Participan ${niños} niños y niñas en ${unidades} sorteos (inscripciones finalizadas).`,
  preflightDesfinalizados: (n: number) =>
    `${n} inscripción${n === 1 ? '' : 'es'} estuvo finalizada y ahora está PENDIENTE: no participa.`,
  preflightDesfinalizado: (nombre: string, numero: string, por: string, cuando: string) =>
    `${numero ? `N° ${numero} · ` : ''}${nombre} — guardada por ${por} el ${cuando}`,
  preflightPendientes: (n: number) =>
    `${n} inscripción${n === 1 ? '' : 'es'} pendiente${n === 1 ? '' : 's'}: no participa${n === 1 ? '' : 'n'}.`,
  preflightHermanos: (n: number) =>
    `${n} hermano${n === 1 ? '' : 's'} sin inscripción propia: participa${n === 1 ? '' : 'n'} con su hermano/a.`,
  preflightHermano: (nombre: string, numero: string, de: string) => `N° ${numero} · ${nombre} (hermano/a de ${de})`,
  preflightDuplicados: (n: number) => `Posibles duplicados sin resolver: ${n}.`,
  preflightRevisado: 'Revisé quiénes participan y quiénes no',
  motivoDuplicados: 'Motivo para iniciar con posibles duplicados sin resolver',
  motivoDuplicadosAyuda: 'Queda en el acta y en la auditoría.',
  iniciarIgual: 'Iniciar igual, con este motivo',
  yaRealizado: 'El sorteo de este ciclo ya se realizó: sus resultados quedan publicados.',

  // Public list and verification.
  listaPublicaTitulo: (n: number) => `Lista de participantes (${n})`,
  listaPublicaAyuda:
    'Números e iniciales de quienes participan, congelados al iniciar. El hash de esta lista es el que muestra el tablero.',
  listaPublicaBuscar: 'Buscar un número',
  listaPublicaNoEsta: 'Ese número no está en la lista.',
  verificar: 'Verificar este sorteo',
  verificando: 'Repitiendo el sorteo en este navegador...',
  verificado: (s: { sorteos: number; titulares: number; suplentes: number; segundos: string }) =>
    `Coincide: este navegador repitió los ${s.sorteos} sorteos con el acta pública y dan el mismo resultado ` +
    `(${s.titulares} titulares, ${s.suplentes} suplentes; ${s.segundos} s).`,
  noVerificado: (error: string) => `No coincide: ${error}`,
  errorVerificar: 'No se pudo descargar el acta pública',
  actaPublica: 'Acta pública (JSON)',
  sorteosDelCiclo: 'Sorteos de este ciclo',
  anuladoEl: (fecha: string) => `Anulado el ${fecha}`,
  finalizadoEl: (fecha: string) => `Finalizado el ${fecha}`,
  motivo: 'Motivo',

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
