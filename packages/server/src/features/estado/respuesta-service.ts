import { AppError } from '@inscripciones/shared/errors.ts';
import {
  RESPUESTA_FAMILIA_MSG,
  type TComprobanteRespuesta,
  type TRespuestaFamilia,
} from '@inscripciones/shared/estado/respuesta-familia.ts';
import type { AppContext } from '../../domain/context.ts';
import { normalizarCodigo } from '@inscripciones/shared/estado/estado-schema.ts';
import { cicloDelCodigo, consultar, type EstadoDeps } from './estado-service.ts';

/** The roll-up's side of a family's answer (plazas' responderFamilia, given by the app). */
export interface RespuestaDeps {
  responder: (
    cicloId: string,
    numero: number,
    respuesta: TRespuestaFamilia['respuesta'],
  ) => Promise<TComprobanteRespuesta>;
}

/**
 * POST /api/estado/respuesta: the family's own answer to its offer. The number and code are checked exactly as a
 * status lookup checks them (same limits, same 404 for a wrong number or code, same access log), so answering
 * tells nobody more than reading the status does; only a child with an open offer can answer, before its deadline.
 */
export async function responderEnLinea(
  ctx: AppContext,
  deps: EstadoDeps & RespuestaDeps,
  ip: string,
  body: TRespuestaFamilia,
): Promise<TComprobanteRespuesta> {
  const { respuesta, ...consulta } = body;
  const estado = await consultar(ctx, deps, ip, consulta);
  if (!estado.ninos.some((n) => n.estado === 'titular')) {
    const vencida = estado.ninos.some((n) => n.estado === 'vencida');
    throw new AppError('CONFLICT', vencida ? RESPUESTA_FAMILIA_MSG.vencida : RESPUESTA_FAMILIA_MSG.sinOferta);
  }
  // The code's own cycle: a season goes on after another cycle becomes current (decision 0030).
  const ciclo = (await cicloDelCodigo(ctx, body.numeroInscripcion, normalizarCodigo(body.codigo)))!;
  return deps.responder(ciclo.id, body.numeroInscripcion, respuesta);
}
