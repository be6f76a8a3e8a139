import { AppError } from '@inscripciones/shared/errors.ts';
import {
  RESPUESTA_FAMILIA_MSG,
  type TComprobanteRespuesta,
  type TRespuestaFamilia,
} from '@inscripciones/shared/estado/respuesta-familia.ts';
import { ASIGNACION_API_MSG } from '@inscripciones/shared/asignacion/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { normalizarCodigo } from '@inscripciones/shared/estado/estado-schema.ts';
import { modoDelAnio } from '../../domain/asignacion/modo-ciclo.ts';
import {
  hashRespuesta,
  leerAsignacion,
  numeroEnLaRed,
  registrarRespuesta,
} from '../../domain/asignacion/corrimiento-red.ts';
import { FAMILIA_EN_LINEA } from '../../domain/sorteos/temporada.ts';
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
 * A family's answer to its place in the network's assignment (docs/decisions/0039): the application of this
 * school's number in that year's assignment, recorded in the network's log if the roll-up would apply it.
 */
async function responderEnRed(
  ctx: AppContext,
  anio: number,
  numeroInscripcion: number,
  respuesta: TRespuestaFamilia['respuesta'],
): Promise<TComprobanteRespuesta> {
  const leida = await leerAsignacion(ctx.red.db, anio);
  const numero = leida && numeroEnLaRed(leida, ctx.escuela.codigo, numeroInscripcion);
  if (!leida || !numero) throw new AppError('CONFLICT', ASIGNACION_API_MSG.noEstaEnLaAsignacion);
  const row = await registrarRespuesta(
    ctx.red.db,
    leida,
    { numero, respuesta, usuario: FAMILIA_EN_LINEA.username, canal: FAMILIA_EN_LINEA.canal },
    ctx.clock().toISOString(),
  );
  return { numeroInscripcion, respuesta, en: row.en, entrada: { n: row.seq, hash: hashRespuesta(row) } };
}

/**
 * POST /api/estado/respuesta: the family's own answer to its offer. The number and code are checked exactly as a
 * status lookup checks them (same limits, same 404 for a wrong number or code, same access log), so answering
 * tells nobody more than reading the status does; only a child with an open offer can answer, before its deadline.
 * In a year the network assigns, the answer goes to the network's roll-up (SAE's three answers).
 */
export async function responderEnLinea(
  ctx: AppContext,
  deps: EstadoDeps & RespuestaDeps,
  ip: string,
  body: TRespuestaFamilia,
): Promise<TComprobanteRespuesta> {
  const { respuesta, ...consulta } = body;
  const estado = await consultar(ctx, deps, ip, consulta);
  // The code's own cycle: a season goes on after another cycle becomes current (decision 0030).
  const ciclo = (await cicloDelCodigo(ctx, body.numeroInscripcion, normalizarCodigo(body.codigo)))!;
  if ((await modoDelAnio(ctx.red.db, ciclo.anio_ingreso)) === 'red') {
    return responderEnRed(ctx, ciclo.anio_ingreso, body.numeroInscripcion, respuesta);
  }
  if (respuesta === 'acepta-y-espera') throw new AppError('CONFLICT', RESPUESTA_FAMILIA_MSG.soloEnRed);
  if (!estado.ninos.some((n) => n.estado === 'titular')) {
    const vencida = estado.ninos.some((n) => n.estado === 'vencida');
    throw new AppError('CONFLICT', vencida ? RESPUESTA_FAMILIA_MSG.vencida : RESPUESTA_FAMILIA_MSG.sinOferta);
  }
  return deps.responder(ciclo.id, body.numeroInscripcion, respuesta);
}
