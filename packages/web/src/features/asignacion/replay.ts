import type { VerificacionAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { VERIFICAR_TEXTOS } from './textos.ts';

/** The steps of a check, for its progress: download, read the JSON, replay the draw and the assignment. */
export type Etapa = 'descargando' | 'leyendo' | 'repitiendo';

export type MensajeVerificador =
  { tipo: 'etapa'; etapa: Etapa } | { tipo: 'resultado'; resultado: VerificacionAsignacion; ms: number };

/** Reads an acta's text and replays it: the worker's whole job, also run on the page where no worker exists. */
export function replayTexto(
  texto: string,
  verificar: (raw: unknown) => VerificacionAsignacion,
  onEtapa: (etapa: Etapa) => void,
): MensajeVerificador & { tipo: 'resultado' } {
  const started = performance.now();
  onEtapa('leyendo');
  let raw: unknown;
  try {
    raw = JSON.parse(texto);
  } catch {
    const error = VERIFICAR_TEXTOS.noEsJson;
    return {
      tipo: 'resultado',
      resultado: { ok: false, error, diferencias: [error] },
      ms: performance.now() - started,
    };
  }
  onEtapa('repitiendo');
  const resultado = verificar(raw);
  return { tipo: 'resultado', resultado, ms: performance.now() - started };
}
