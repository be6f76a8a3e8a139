import { AppError } from '@inscripciones/shared/errors.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { enmascararDestino } from '@inscripciones/shared/avisos/destino.ts';
import { canEditInscripto } from '@inscripciones/shared/permissions.ts';
import type {
  TAviso,
  TAvisoList,
  TAvisosCanales,
  TAvisosDeInscripto,
  TAvisosQuery,
} from '@inscripciones/shared/avisos/avisos-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import { requirePermission } from '../../lib/authorization.ts';
import { findById } from '../../data/inscriptos/inscriptos-repository.ts';
import { avisosDeInscripto, findAviso, listAvisos, type AvisoRow } from '../../data/avisos/avisos-repository.ts';
import { encolarAviso } from '../../domain/avisos/encolar.ts';

/**
 * What staff see of the messages to the families (docs/decisions/0029): a record's messages (its staff), every
 * cycle's failures and the channels (administrators), and Reenviar (administrators). A message is shown without
 * its text and with its destination masked.
 */
function toAviso(r: AvisoRow): TAviso {
  return {
    id: r.id,
    tipo: r.tipo,
    canal: r.canal,
    destino: enmascararDestino(r.canal, r.destino),
    asunto: r.asunto,
    informativo: Number(r.informativo) === 1,
    estado: r.estado,
    motivo: r.motivo,
    intentos: Number(r.intentos),
    ultimoError: r.ultimo_error,
    creadoEn: r.creado_en,
    proximoIntento: r.estado === 'pendiente' ? r.proximo_intento : null,
    enviadoEn: r.enviado_en,
    inscriptoId: r.inscripto_id,
    cicloId: r.ciclo_id,
    reenvioDe: r.reenvio_de,
    creadoPor: r.creado_por,
  };
}

/** Administrators, and volunteers who may edit the record (its creator or official); never the guest. */
export async function avisosDelInscripto(
  ctx: AppContext,
  actor: SessionActor,
  inscriptoId: string,
): Promise<TAvisosDeInscripto> {
  requirePermission(actor, 'avisos:leer');
  const row = await findById(ctx.db, inscriptoId);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  if (!canEditInscripto(actor, { createdBy: row.created_by, funcionario: row.funcionario })) {
    throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
  }
  return { items: (await avisosDeInscripto(ctx.db, inscriptoId)).map(toAviso) };
}

export async function listar(ctx: AppContext, actor: SessionActor, q: TAvisosQuery): Promise<TAvisoList> {
  requirePermission(actor, 'avisos:supervisar');
  const { rows, total } = await listAvisos(
    ctx.db,
    { estado: q.estado ?? null, cicloId: q.ciclo ?? null },
    q.page,
    q.pageSize,
  );
  return { items: rows.map(toAviso), total, page: q.page, pageSize: q.pageSize };
}

export function canales(ctx: AppContext, actor: SessionActor): TAvisosCanales {
  requirePermission(actor, 'avisos:supervisar');
  return { ...ctx.avisos.canales };
}

/**
 * A new message with a new id (so a new Message-ID: the receiver must not drop it as a copy), the same content
 * and destination, linked to the old one. Not while the old one may still go out (pendiente, enviando). An
 * informational message to a destination that opted out is discarded again when its turn comes.
 */
export async function reenviar(ctx: AppContext, actor: SessionActor, id: string): Promise<TAviso> {
  requirePermission(actor, 'avisos:reenviar');
  const nuevo = await ctx.db.transaction().execute(async (tx) => {
    const viejo = await findAviso(tx, id);
    if (!viejo) throw new AppError('NOT_FOUND', AVISO_MSG.noEncontrado);
    if (viejo.estado === 'pendiente' || viejo.estado === 'enviando') throw new AppError('CONFLICT', AVISO_MSG.enCurso);
    const nuevoId = await encolarAviso(
      tx,
      {
        tipo: viejo.tipo,
        canal: viejo.canal,
        destino: viejo.destino,
        asunto: viejo.asunto,
        texto: viejo.texto,
        inscriptoId: viejo.inscripto_id,
        cicloId: viejo.ciclo_id,
        reenvioDe: viejo.id,
        creadoPor: actor.username,
      },
      ctx.clock(),
    );
    return (await findAviso(tx, nuevoId))!;
  });
  return toAviso(nuevo);
}
