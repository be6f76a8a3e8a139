/*
 * The replay of a network assignment's public acta, off the page's thread: 50,000 children take seconds, and the
 * page keeps answering (its progress, its buttons) meanwhile. The same verifier as `npm run asignacion:verificar`.
 */
import { verificarAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { replayTexto, type MensajeVerificador } from './replay.ts';

// The worker's scope, typed with what this file uses (the web's TypeScript has the DOM's lib, not the worker's).
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<string>) => void) | null;
  postMessage: (m: MensajeVerificador) => void;
};

scope.onmessage = (e) => {
  const mensaje = replayTexto(e.data, verificarAsignacion, (etapa) => scope.postMessage({ tipo: 'etapa', etapa }));
  scope.postMessage(mensaje);
};
