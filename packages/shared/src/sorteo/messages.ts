import type { TLista, TSorteoStage } from './schemas.ts';

/**
 * Texts of the raffle (SPEC 2 "Raffle screen", SPEC 8 "Raffle"). The client fallbacks are shown when the
 * server gives no message; the server's own messages travel in `message` and `error` of its error bodies.
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
  valorPublicoCerrado: 'El valor público ya no se puede cambiar: el primer participante ya fue sorteado.',
  sinSiguiente: 'Todavía no se pidió el siguiente participante.',
  participanteDesconocido: (numero: number) => `El N° ${numero} no participa en este sorteo.`,
  noEsElActual: (numero: number) =>
    `El N° ${numero} no es el participante que está en pantalla. Recargá para ver el actual.`,
  completo: 'Ya no quedan participantes por sortear.',
  finalizado: 'Sorteo finalizado. El acta quedó archivada.',
  yaFinalizado: 'No había un sorteo en curso: ya estaba finalizado.',
  actaNoEncontrada: 'El acta no existe o el sorteo todavía no terminó.',
} as const;

export const STAGE_LABELS: Record<TSorteoStage, string> = {
  hermanos_juntos: 'Hermanos juntos',
  hermanos_primaria: 'Hermanos en primaria',
  comun: 'Sorteo común',
  suplentes: 'Suplentes',
};

export const LISTA_LABELS: Record<TLista, string> = { nenas: 'Nenas', varones: 'Varones' };
