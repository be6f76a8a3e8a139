import { AppError } from '@inscripciones/shared/errors.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import type { TSorteoEndBody, TSorteoNext } from '@inscripciones/shared/sorteo/api-schema.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { avisarResultadoDelSorteo } from '../../domain/sorteos/resultado-avisos.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { ensurePlan, plazasOf, requireActive, semillaDe, type SorteoRuntime } from './sorteo-cache.ts';
import { participanteView } from './sorteo-views.ts';
import { storeActa } from './sorteo-actas-service.ts';
import { iniciarTemporada } from '../../domain/sorteos/temporada-avance.ts';

import { audit } from './sorteo-service.ts';

/**
 * The draws of the running raffle on screen (docs/decisions/0008): the next draw, each shown look at
 * it recorded for the acta; its confirmation, once; and the end, finalised or annulled, with its acta stored.
 */

/** No draw rests on the server's seed alone: the public value and its origin come first. */
function requireValorPublico(head: repo.SorteoHead): void {
  if (!head.valor_publico || !head.valor_publico_origen) throw new AppError('CONFLICT', SORTEO_MSG.faltaValorPublico);
}

/**
 * The draw on screen: the same until it is confirmed (the plan is fixed, nothing is re-drawn). Each look at
 * an unconfirmed draw is recorded (who, when, which draw) and listed in the acta.
 */
export async function next(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor): Promise<TSorteoNext> {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  requireValorPublico(head);
  const loaded = await ensurePlan(ctx, rt, head);
  const total = loaded.plan.draws.length;
  const draw = loaded.plan.draws[head.indice];
  if (!draw) return { participante: null, stage: null, index: head.indice, total, resultado: null, asignaciones: [] };
  await repo.insertRevelacion(ctx.db, {
    id: newId(),
    sorteo_id: head.id,
    indice: draw.index,
    usuario: actor.username,
    usuario_nombre: actor.nombre,
    fecha: ctx.clock().toISOString(),
  });
  const unit = loaded.byNumero.get(draw.numero)!;
  return {
    participante: participanteView(unit, plazasOf(head), { admin: true }),
    stage: draw.stage,
    index: draw.index,
    total,
    resultado: draw.resultado,
    asignaciones: unit.miembros.map((m, i) => ({
      nombreCompleto: m.nombreCompleto,
      sexo: m.sexo,
      lista: draw.miembros[i]!.lista,
      resultado: draw.resultado,
      posicion: draw.miembros[i]!.posicion,
    })),
  };
}

export interface ConfirmInput {
  participante: { numeroInscripcion: number };
  index?: number | undefined;
}

/**
 * Records the draw on screen once. Confirming a draw that is already confirmed (double click, a second
 * browser, another instance) changes nothing and answers with the counters as they were right after it.
 */
export async function confirm(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: ConfirmInput) {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  requireValorPublico(head);
  if (head.con_plan !== 1) throw new AppError('CONFLICT', SORTEO_MSG.sinSiguiente);
  const { plan } = await ensurePlan(ctx, rt, head);
  const numero = input.participante.numeroInscripcion;
  const index = plan.indexByNumero.get(numero);
  if (index === undefined) throw new AppError('CONFLICT', SORTEO_MSG.participanteDesconocido(numero));
  if (input.index !== undefined && input.index !== index)
    throw new AppError('CONFLICT', SORTEO_MSG.noEsElActual(numero));
  const answer = (duplicado: boolean) => ({
    ...plan.counters[index + 1]!,
    currentIndex: index + 1,
    duplicado,
    completado: index + 1 >= plan.draws.length,
  });
  if (index < head.indice) return answer(true);
  if (index > head.indice) throw new AppError('CONFLICT', SORTEO_MSG.noEsElActual(numero));
  const draw = plan.draws[index]!;
  const now = ctx.clock().toISOString();
  const advanced = await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.advance(tx, head.id, index, now))) return false;
    await audit(tx, head.id, actor, now, 'editar', {
      sorteo: { despues: index + 1 },
      numeroInscripcion: { despues: numero },
      resultado: { despues: draw.resultado },
      miembros: { despues: draw.miembros },
    });
    return true;
  });
  if (advanced) {
    rt.events.changed();
    return answer(false);
  }
  // Someone confirmed it between our read and our write.
  const again = await repo.findHead(ctx.db, head.id);
  if (again && again.indice > index) return answer(true);
  throw new AppError('CONFLICT', SORTEO_MSG.noActivo);
}

/**
 * Closes the raffle (never deletes it). After its last draw it is finalised, with the names of the notary
 * and the witnesses for the acta; before, it is annulled and needs a reason. Either way the seed is revealed
 * and the acta is made once and stored.
 */
export async function end(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: TSorteoEndBody) {
  requirePermission(actor, 'sorteo:operar');
  const head = await repo.findActive(ctx.db);
  if (!head) {
    // A second click, or another administrator ended it first.
    const last = await repo.lastArchived(ctx.db);
    return { message: SORTEO_MSG.yaFinalizado, actaId: last?.id ?? null };
  }
  const completo = head.con_plan === 1 && head.indice >= head.total;
  const motivo = input.motivo?.trim().normalize('NFC') ?? '';
  if (!completo && !motivo) {
    throw new AppError('VALIDATION', SORTEO_MSG.faltaMotivoAnulacion, [
      { field: 'motivo', label: 'Motivo de la anulación', message: SORTEO_MSG.faltaMotivoAnulacion },
    ]);
  }
  const estado = completo ? ('archivado' as const) : ('anulado' as const);
  const now = ctx.clock().toISOString();
  const semilla = semillaDe(ctx, head);
  const closing = {
    estado,
    semilla,
    by: actor,
    now,
    motivoAnulacion: completo ? null : motivo,
    escuela: input.escuela?.trim().normalize('NFC') || null,
    escribano: input.escribano?.trim().normalize('NFC') || null,
    testigos: (input.testigos ?? []).map((t) => t.trim().normalize('NFC')).filter(Boolean),
  };
  const closed = await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.close(tx, head.id, closing))) return false;
    await audit(tx, head.id, actor, now, 'finalizar', {
      estado: { antes: 'activo', despues: completo ? 'finalizado' : 'anulado' },
      sorteosConfirmados: { despues: head.indice },
      semilla: { despues: semilla },
      ...(completo ? {} : { motivoAnulacion: { despues: motivo } }),
    });
    // The acta and the season of offers are part of the close: stored with it or not at all (decision 0032).
    await storeActa({ ...ctx, db: tx }, rt, head.id);
    if (completo) {
      await iniciarTemporada(ctx, tx, head.ciclo_id, now);
      await avisarResultadoDelSorteo(ctx, tx, head.ciclo_id);
    }
    return true;
  });
  if (!closed) {
    const last = await repo.lastArchived(ctx.db);
    return { message: SORTEO_MSG.yaFinalizado, actaId: last?.id ?? null };
  }
  rt.events.changed();
  return { message: completo ? SORTEO_MSG.finalizado : SORTEO_MSG.anulado, actaId: head.id };
}
