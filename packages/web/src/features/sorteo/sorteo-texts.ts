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
