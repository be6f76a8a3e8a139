import { AppError } from '@inscripciones/shared/errors.ts';
import {
  RESPUESTA_FAMILIA_MSG,
  type TComprobanteRespuesta,
  type TRespuestaFamilia,
} from '@inscripciones/shared/estado/respuesta-familia.ts';
import type { AppContext } from '../../domain/context.ts';
import { FAMILIA_EN_LINEA, type PlazasRuntime } from '../../domain/sorteos/temporada.ts';
import { leerTemporadaDe } from '../../domain/sorteos/temporada-lectura.ts';
import { responder } from './plazas-service.ts';
import { registroPublicoDe } from './plazas-registro-publico.ts';

/**
 * A family's own answer to its offer (POST /api/estado/respuesta), after /estado checked its number and code:
 * recorded as staff's answers are (same roll-up, same log, same conflicts), marked online, and answered with the
 * public register's entry that records it as a receipt.
 */
export async function responderFamilia(
  ctx: AppContext,
  rt: PlazasRuntime,
  cicloId: string,
  numero: number,
  respuesta: TRespuestaFamilia['respuesta'],
): Promise<TComprobanteRespuesta> {
  if (respuesta === 'acepta-y-espera') throw new AppError('CONFLICT', RESPUESTA_FAMILIA_MSG.soloEnRed);
  const leida = await leerTemporadaDe(ctx, rt, cicloId);
  const oferta = leida?.estado.ofertas.find((o) => o.numero === numero);
  const ofrecido = oferta?.miembros.find((m) => m.estado === 'ofrecida');
  if (!leida || !oferta || !ofrecido) {
    const vencida = oferta?.miembros.some((m) => m.estado === 'vencida');
    throw new AppError('CONFLICT', vencida ? RESPUESTA_FAMILIA_MSG.vencida : RESPUESTA_FAMILIA_MSG.sinOferta);
  }
  // Past its deadline the offer has expired, whether or not the expiry job has stored it yet.
  if (Date.parse(oferta.vence) <= ctx.clock().getTime()) throw new AppError('CONFLICT', RESPUESTA_FAMILIA_MSG.vencida);
  const row = leida.ofertas.find((o) => Number(o.numero) === numero && Number(o.miembro) === ofrecido.miembro);
  if (!row) throw new AppError('CONFLICT', RESPUESTA_FAMILIA_MSG.sinOferta);
  await responder(ctx, rt, FAMILIA_EN_LINEA, row.id, {
    respuesta: respuesta === 'acepta' ? 'aceptada' : 'rechazada',
    ...(respuesta === 'rechaza' ? { motivo: 'La familia la rechazó en línea' } : {}),
  });
  const { entradas } = registroPublicoDe((await leerTemporadaDe(ctx, rt, cicloId))!);
  const entrada = entradas.findLast((e) => e.tipo === 'respuesta' && e.numero === numero && e.canal === 'en_linea')!;
  return { numeroInscripcion: numero, respuesta, en: entrada.en, entrada: { n: entrada.n, hash: entrada.hash } };
}
