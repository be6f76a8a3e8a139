import { AppError } from '@inscripciones/shared/errors.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { canonicalJson, estadisticas } from '@inscripciones/shared/sorteo/units.ts';
import { listaPublica, listaPublicaHash } from '@inscripciones/shared/sorteo/lista-publica.ts';
import type { TSorteoEndBody, TSorteoNext } from '@inscripciones/shared/sorteo/api-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { cicloActualAbierto } from '../../domain/ciclos/ciclo-scope.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit, type AuditAction, type Changes } from '../../data/auditoria/audit-repository.ts';
import { paresAbiertos } from '../../domain/duplicados/pares-abiertos.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unitsNow } from './sorteo-preflight.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { ensurePlan, plazasOf, remember, requireActive, type SorteoRuntime } from './sorteo-cache.ts';
import { participanteView } from './sorteo-views.ts';
import { commitment, sha256Hex } from './sorteo-random.ts';
import { storeActa } from './sorteo-actas-service.ts';

/**
 * Operating the raffle (docs/decisions/0008, issue 16): start, public value, the draw on screen, confirm,
 * end. State lives in the `sorteos` row; every step an administrator takes (start, public value, each
 * confirmation, annulment, end) is an entry of the audit chain, and every look at an unconfirmed draw is
 * recorded for the acta.
 */

/** One audit entry of a raffle (`sorteo:<id>` in the chain that `npm run auditoria:verificar` checks). */
function audit(
  tx: Transaction<DB>,
  id: string,
  actor: SessionActor,
  now: string,
  accion: AuditAction,
  cambios: Changes,
) {
  return appendAudit(tx, {
    fecha: now,
    usuario: actor.username,
    accion,
    inscripto_id: `sorteo:${id}`,
    cambios,
  });
}

export interface StartInput {
  plazasNenas?: number | undefined;
  plazasVarones?: number | undefined;
  confirmarNuevo?: boolean | undefined;
  motivoDuplicados?: string | undefined;
}

/**
 * One raffle per cycle: refused while one runs or once the cycle's raffle was finalised; after an annulment
 * a new one needs `confirmarNuevo` (the screen shows the annulment's reason first).
 */
async function assertMayStart(ctx: AppContext, cicloId: string, input: StartInput): Promise<void> {
  if (await repo.findActive(ctx.db)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
  const previous = await repo.listOfCiclo(ctx.db, cicloId);
  const finalised = previous.find((h) => h.estado === 'archivado');
  if (finalised) {
    throw new AppError(
      'CONFLICT',
      SORTEO_MSG.yaRealizado(fechaHoraTexto(finalised.archivado_en ?? finalised.actualizado_en)),
    );
  }
  const annulled = previous.at(-1);
  if (annulled && !input.confirmarNuevo) {
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      SORTEO_MSG.confirmarNuevo(
        fechaHoraTexto(annulled.archivado_en ?? annulled.actualizado_en),
        annulled.motivo_anulacion ?? '',
      ),
    );
  }
}

/**
 * Freezes the participants (the current cycle's finalised enrolments now), draws the secret seed and the
 * public list's salt, and publishes the seed's commitment and the public list's hash.
 */
export async function start(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: StartInput) {
  requirePermission(actor, 'sorteo:operar');
  const ciclo = await cicloActualAbierto(ctx.db);
  await assertMayStart(ctx, ciclo.id, input);
  // One child, one ticket (issue 24): the draw waits for open possible duplicates, unless a reason is written.
  const duplicadosAbiertos = (await paresAbiertos(ctx.db)).length;
  if (duplicadosAbiertos > 0 && !input.motivoDuplicados) {
    throw new AppError('CONFLICT', DUPLICADO_MSG.sorteoBloqueado(duplicadosAbiertos));
  }
  const motivoDuplicados = duplicadosAbiertos > 0 ? input.motivoDuplicados!.normalize('NFC') : null;
  const plazas = {
    nenas: input.plazasNenas ?? ciclo.plazas_nenas,
    varones: input.plazasVarones ?? ciclo.plazas_varones,
  };
  const units = await unitsNow(ctx, ciclo.id);
  if (!units.length) throw new AppError('CONFLICT', SORTEO_MSG.sinParticipantes);
  const participantes = canonicalJson(units);
  const participantesHash = sha256Hex(participantes);
  const semilla = rt.newSeed().toString('hex');
  const sal = rt.newSeed().toString('hex');
  const publicHash = listaPublicaHash(listaPublica(units, plazas, sal));
  const compromiso = commitment(semilla);
  const stats = estadisticas(units);
  const now = ctx.clock().toISOString();
  const id = newId();
  const row = {
    id,
    ciclo_id: ciclo.id,
    estado: 'activo' as const,
    operador: actor.username,
    operador_nombre: actor.nombre,
    creado_en: now,
    anio: ciclo.anio_ingreso,
    plazas_nenas: plazas.nenas,
    plazas_varones: plazas.varones,
    participantes_hash: participantesHash,
    estadisticas: JSON.stringify(stats),
    total: units.length,
    semilla,
    compromiso,
    valor_publico: '',
    con_plan: 0,
    indice: 0,
    actualizado_en: now,
    archivado_en: null,
    archivado_por: null,
    archivado_por_nombre: null,
    version: 1,
    motivo_duplicados: motivoDuplicados,
    sal,
    lista_publica_hash: publicHash,
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insert(tx, row, participantes);
      await audit(tx, id, actor, now, 'crear', {
        estado: { despues: 'activo' },
        compromiso: { despues: compromiso },
        participantesHash: { despues: publicHash },
        plazas: { despues: plazas },
        ...(motivoDuplicados
          ? { motivoDuplicados: { despues: motivoDuplicados }, duplicadosAbiertos: { despues: duplicadosAbiertos } }
          : {}),
      });
    });
  } catch (e) {
    // Another administrator (or instance) started one a moment ago: the partial unique index refused this.
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
    throw e;
  }
  remember(rt, id, units, null);
  rt.events.changed();
  return { estadisticas: stats, id, plazas, compromiso, participantesHash: publicHash, total: units.length };
}

/** The value said aloud in the room and where it came from; it can be changed until the first draw. */
export async function setValorPublico(
  ctx: AppContext,
  rt: SorteoRuntime,
  actor: SessionActor,
  input: { valor: string; origen: string },
) {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  if (head.con_plan === 1) throw new AppError('CONFLICT', SORTEO_MSG.valorPublicoCerrado);
  const valor = { valor: input.valor.normalize('NFC'), origen: input.origen.normalize('NFC') };
  const now = ctx.clock().toISOString();
  const saved = await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.setValorPublico(tx, head.id, valor, now))) return false;
    await audit(tx, head.id, actor, now, 'editar', {
      valorPublico: { antes: head.valor_publico, despues: valor.valor },
      valorPublicoOrigen: { antes: head.valor_publico_origen, despues: valor.origen },
    });
    return true;
  });
  if (!saved) {
    const again = await repo.findHead(ctx.db, head.id);
    throw new AppError('CONFLICT', again?.estado === 'activo' ? SORTEO_MSG.valorPublicoCerrado : SORTEO_MSG.noActivo);
  }
  rt.events.changed();
}

/** No draw rests on the server's seed alone: the public value and its origin come first (issue 16). */
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
    participante: participanteView(unit, plazasOf(head), { admin: true, soloIniciales: false }),
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
  const closing = {
    estado,
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
      semilla: { despues: head.semilla },
      ...(completo ? {} : { motivoAnulacion: { despues: motivo } }),
    });
    return true;
  });
  if (!closed) {
    const last = await repo.lastArchived(ctx.db);
    return { message: SORTEO_MSG.yaFinalizado, actaId: last?.id ?? null };
  }
  await storeActa(ctx, rt, head.id);
  rt.events.changed();
  return { message: completo ? SORTEO_MSG.finalizado : SORTEO_MSG.anulado, actaId: head.id };
}
