import type { VerificacionAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { ApiError } from '../../lib/api-client.ts';
import { conEscuela } from '../../lib/escuela.ts';
import { replayTexto, type Etapa, type MensajeVerificador } from './replay.ts';
import { VERIFICAR_TEXTOS } from './textos.ts';

/** The public acta's address: the year the page was opened with (`?anio=`), else the latest assignment. */
export function actaPublicaUrl(): string {
  const anio = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('anio');
  const base = '/api/asignacion/acta-publica.json';
  return conEscuela(anio && /^\d{4}$/.test(anio) ? `${base}?anio=${anio}` : base);
}

/** The public acta's text, reporting the bytes as they arrive (and the total when the server says it). */
export async function descargarActa(onBytes: (bytes: number, total: number | null) => void): Promise<string> {
  let response: Response;
  try {
    response = await fetch(actaPublicaUrl(), { headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, VERIFICAR_TEXTOS.errorDescarga, 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : '';
    throw new ApiError(response.status, message || VERIFICAR_TEXTOS.errorDescarga);
  }
  const largo = Number(response.headers.get('content-length'));
  // A compressed answer's length is not the text's: then only the bytes read are shown.
  const total = largo > 0 && !response.headers.get('content-encoding') ? largo : null;
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const partes: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    partes.push(decoder.decode(value, { stream: true }));
    bytes += value.byteLength;
    onBytes(bytes, total);
  }
  partes.push(decoder.decode());
  return partes.join('');
}

/** Replays an acta's text in a Web Worker (on the page where there is none), with its steps as they come. */
export function verificarTexto(
  texto: string,
  onEtapa: (etapa: Etapa) => void,
): Promise<{ resultado: VerificacionAsignacion; ms: number }> {
  if (typeof Worker === 'undefined') {
    return import('@inscripciones/shared/asignacion/verify-asignacion.ts').then(({ verificarAsignacion }) =>
      replayTexto(texto, verificarAsignacion, onEtapa),
    );
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./verificar-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<MensajeVerificador>) => {
      if (e.data.tipo === 'etapa') {
        onEtapa(e.data.etapa);
        return;
      }
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage(texto);
  });
}
