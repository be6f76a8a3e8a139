import { cuenta } from '@inscripciones/shared/plural.ts';

/**
 * Texts of the offline outbox (decision 0010). SPEC.md does not word them: ours, in the voice of
 * INSCRIPTO_MSG (Uruguayan voseo). They could move to packages/shared/src/inscriptos/messages.ts.
 */
export const OUTBOX_MSG = {
  // Transient alerts of the form.
  queued:
    'Sin conexión con el servidor: la sección quedó guardada en este navegador y se enviará automáticamente ' +
    'cuando vuelva la conexión.',
  queuedBehind:
    'La sección quedó guardada en este navegador y se enviará después de los cambios de esta inscripción que ' +
    'esperan ser enviados.',
  queuedSession:
    'Tu sesión terminó: la sección quedó guardada en este navegador y se enviará cuando vuelvas a ingresar.',
  queuedFinalize:
    'Sin conexión con el servidor: no se pudo finalizar. Los datos quedaron guardados en este navegador y se ' +
    'enviarán automáticamente; cuando se hayan enviado, finalizá la inscripción.',
  finalizeWaiting: (n: number) =>
    `Esta inscripción tiene ${n === 1 ? '1 cambio que espera' : `${n} cambios que esperan`} ser enviado${
      n === 1 ? '' : 's'
    } al servidor: finalizala cuando se hayan enviado.`,
  storageFailed: (message: string) =>
    `No se pudo guardar la sección ni en el servidor (${message}) ni en este navegador. ` +
    'No cierres la página: probá de nuevo en un momento.',

  // The banner.
  pending: (n: number) =>
    n === 1
      ? 'Hay 1 cambio guardado en este navegador que espera ser enviado al servidor.'
      : `Hay ${n} cambios guardados en este navegador que esperan ser enviados al servidor.`,
  pendingHint: 'Se enviarán automáticamente y en orden cuando el servidor responda.',
  notPersistent:
    'Este navegador no permite guardarlos de forma permanente: no cierres ni recargues la página hasta que se envíen.',
  lastError: (message: string) => `Último intento: ${message}.`,
  sending: 'Enviando...',
  retryNow: 'Reintentar ahora',
  allSent: 'Se enviaron todos los cambios guardados en este navegador.',

  // A queued change that will not be sent as it is.
  blockedTitle: (nombre: string) => `No se pudo enviar un cambio guardado sin conexión: ${nombre}`,
  conflictExplain:
    'Otra persona modificó esta inscripción mientras tu cambio esperaba ser enviado. Para no borrar lo que ' +
    'guardó, tu cambio NO se aplicó: abrí la inscripción y volvé a ingresarlo. Los datos que habías cargado ' +
    'siguen acá: descargá el PDF de respaldo o miralos abajo antes de descartarlos.',
  rejectedExplain:
    'El servidor no aceptó el cambio guardado sin conexión. Los datos que habías cargado siguen acá: corregí ' +
    'lo que indica el mensaje y reintentá, o descargá el PDF de respaldo antes de descartarlos.',
  conflictDefault: 'La inscripción fue modificada por otra persona.',
  rejectedDefault: 'El servidor rechazó el cambio.',
  unknownBase: 'No se pudo saber en qué versión de la inscripción se basaba este cambio.',
  blockedByEarlier: 'No se envió porque un cambio anterior de la misma inscripción no pudo enviarse.',
  serverSaid: (message: string) => `Motivo: ${message}`,
  unnamed: 'inscripción sin nombre',
  sectionOf: (n: number | null) => (n === null ? 'Finalizar' : `Sección ${n}`),
  changesCount: (n: number) => cuenta(n, 'cambio'),
  backupPdf: 'Descargar PDF de respaldo',
  backupPdfDone: 'PDF de respaldo descargado',
  backupPdfFailed: (message: string) => `No se pudo generar el PDF de respaldo: ${message}`,
  showData: 'Ver los datos',
  hideData: 'Ocultar los datos',
  open: 'Abrir la inscripción',
  retry: 'Reintentar',
  discard: 'Descartar',
  discardQuestion: '¿Descartar estos datos? Se borran de este navegador y no se pueden recuperar.',
  discardConfirm: 'Sí, descartar',
  discardCancel: 'No',
  pendingExportHint: 'Disponible cuando se envíen los cambios guardados en este navegador',
} as const;
