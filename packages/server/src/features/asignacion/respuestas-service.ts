import { AppError } from '@inscripciones/shared/errors.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import {
  ASIGNACION_API_MSG as MSG,
  type TRespuestaRedStaff,
  type TRespuestaRegistrada,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import {
  hashRespuesta,
  leerAsignacion,
  registrarRespuesta,
  registrarVencimientos,
  type AsignacionLeida,
} from '../../domain/asignacion/corrimiento-red.ts';
import type { RedRespuestaRow } from '../../data/asignacion/asignacion-repository.ts';
import { requireRed, type SessionActor } from '../../lib/authorization.ts';

/**
 * The answers after the network's assignment (docs/decisions/0039): staff record a family's at any school of the
 * network; the public log lists every answer and every move of the roll-up, pseudonymous.
 */

/** The network's administrator, or the staff (not the guest) of any school of the network. */
export function puedeRegistrar(actor: SessionActor): boolean {
  return (
    actor.rolRed === 'administrador_red' ||
    actor.escuelas.some((e) => e.role === 'administrador' || e.role === 'voluntario')
  );
}

function registrada(leida: AsignacionLeida, row: RedRespuestaRow, ahora: string): TRespuestaRegistrada {
  const actual = leida.motor.consultar(row.numero);
  return {
    anio: row.anio,
    seq: row.seq,
    hash: hashRespuesta(row),
    en: row.en,
    numero: row.numero,
    respuesta: row.respuesta as TRespuestaRegistrada['respuesta'],
    escuela: actual?.escuela ?? null,
    estado: actual?.estado ?? row.respuesta,
    vence: actual && actual.vence !== null && actual.vence > ahora ? actual.vence : null,
  };
}

export async function responderStaff(
  ctx: AppContext,
  actor: SessionActor,
  input: TRespuestaRedStaff,
): Promise<TRespuestaRegistrada> {
  if (!puedeRegistrar(actor)) throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
  const leida = await leerAsignacion(ctx.red.db, input.anio);
  if (!leida) throw new AppError('NOT_FOUND', MSG.sinAsignacion);
  const ahora = ctx.clock().toISOString();
  const row = await registrarRespuesta(
    ctx.red.db,
    leida,
    { numero: input.numero, respuesta: input.respuesta, miembro: input.miembro, usuario: actor.username, canal: null },
    ahora,
  );
  return registrada((await leerAsignacion(ctx.red.db, row.anio))!, row, ahora);
}

/** GET /api/asignacion/registro-publico.json: every answer (numbers only) and every change it caused, in order. */
export async function registroPublico(ctx: AppContext, anio: number | undefined) {
  const leida = await leerAsignacion(ctx.red.db, anio);
  if (!leida) throw new AppError('NOT_FOUND', MSG.sinAsignacion);
  const estado = leida.motor.estado(ctx.clock().toISOString());
  return {
    anio: leida.row.anio,
    actaId: leida.acta.id,
    publicadoEn: leida.row.asignado_en,
    plazoDias: leida.row.plazo_dias,
    respuestas: leida.respuestas.map((r) => ({
      seq: r.seq,
      en: r.en,
      numero: r.numero,
      respuesta: r.respuesta,
      escuela: r.escuela,
      miembro: r.miembro,
      canal: r.canal,
      hash: hashRespuesta(r),
    })),
    historial: estado.historial,
    escuelas: estado.escuelas,
  };
}

/** POST /api/red/asignacion/vencimientos: the network's administrator records every deadline passed (none without an assignment). */
export async function vencer(ctx: AppContext, actor: SessionActor, anio: number | undefined) {
  requireRed(actor, 'administrar');
  const leida = await leerAsignacion(ctx.red.db, anio);
  if (!leida) return { registradas: 0 };
  return { registradas: await registrarVencimientos(ctx.red.db, leida.row.anio, ctx.clock().toISOString()) };
}
