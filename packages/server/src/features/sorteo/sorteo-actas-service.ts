import { ultimaEntradaDe } from '../../data/auditoria/audit-repository.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ZActa, type TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { findCiclo } from '../../data/ciclos/ciclos-repository.ts';
import type { AppContext } from '../../domain/context.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { buildActa, buildActaPublica, estadoCerrado } from './sorteo-acta.ts';
import { actaPdf } from './sorteo-acta-pdf.ts';
import { confirmedDraws, load, plazasOf, requireActive, type SorteoRuntime } from './sorteo-cache.ts';
import { listaParticipantesPdf } from './sorteo-lista-pdf.ts';
import { participantesPublicos } from './sorteo-public-reads.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { sha256Hex } from './sorteo-random.ts';
import { sorteoDelCiclo } from './sorteo-views.ts';
import { fuenteDescrita } from './sorteo-fuente.ts';

/**
 * The actas of closed raffles: made once when a raffle closes (finalised or annulled) and
 * stored, JSON, public JSON and PDF, so every download gives the same bytes and the PDF's SHA-256 names the
 * JSON it was made from. Raffles closed before migration 0013 get theirs at the first download.
 */

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findStoredActa>>>;

async function closedHead(ctx: AppContext, id: string) {
  const head = await repo.findHead(ctx.db, id);
  if (!head || head.estado === 'activo') throw new AppError('NOT_FOUND', SORTEO_MSG.actaNoEncontrada);
  return head;
}

export async function storeActa(ctx: AppContext, rt: SorteoRuntime, id: string): Promise<Stored> {
  const existing = await repo.findStoredActa(ctx.db, id);
  if (existing?.acta_pdf === '') {
    const pdf = (await actaPdf(ZActa.parse(JSON.parse(existing.acta_json)), existing.acta_sha256)).toString('base64');
    await repo.updateStoredActaPdf(ctx.db, id, existing.acta_sha256, pdf);
    return { ...existing, acta_pdf: pdf };
  }
  if (existing) return existing;
  const head = await closedHead(ctx, id);
  const [loaded, revelaciones, ciclo, delCiclo] = await Promise.all([
    load(ctx, rt, head),
    repo.listRevelaciones(ctx.db, id),
    findCiclo(ctx.db, head.ciclo_id),
    repo.listOfCiclo(ctx.db, head.ciclo_id),
  ]);
  const acta = buildActa({
    head,
    units: loaded.units,
    draws: confirmedDraws(head, loaded),
    revelaciones: revelaciones.map((r) => ({
      sorteo: r.indice + 1,
      usuario: r.usuario,
      nombre: r.usuario_nombre,
      fecha: r.fecha,
    })),
    delCiclo: delCiclo.filter((h) => h.creado_en <= head.creado_en).map(sorteoDelCiclo),
    lugar: ciclo?.sorteo_lugar ?? '',
    ancla: await ultimaEntradaDe(ctx.db, `sorteo:${id}`),
  });
  const json = JSON.stringify(acta);
  const sha = sha256Hex(json);
  const publica = buildActaPublica(acta);
  const row = {
    sorteo_id: id,
    acta_json: json,
    acta_sha256: sha,
    acta_publica_json: publica ? JSON.stringify(publica) : null,
    acta_pdf: (await actaPdf(acta, sha)).toString('base64'),
    creado_en: ctx.clock().toISOString(),
  };
  try {
    await repo.insertStoredActa(ctx.db, row);
  } catch (e) {
    // Another request (or instance) stored it first: theirs is the acta.
    if (!isUniqueViolation(e)) throw e;
    return (await repo.findStoredActa(ctx.db, id))!;
  }
  return row;
}

export async function listActas(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor) {
  requirePermission(actor, 'sorteo:actas');
  const heads = await repo.listArchived(ctx.db);
  const out = [];
  for (const head of heads) {
    const loaded = await load(ctx, rt, head);
    const counters = loaded.plan?.counters[head.indice] ?? { selectedCount: 0, suplentesCount: 0 };
    out.push({
      id: head.id,
      anio: head.anio,
      iniciadoEn: head.creado_en,
      archivadoEn: head.archivado_en ?? head.actualizado_en,
      operador: head.operador_nombre,
      plazas: plazasOf(head),
      titulares: counters.selectedCount,
      suplentes: counters.suplentesCount,
      sorteosConfirmados: head.indice,
      totalSorteos: head.total,
      completo: head.indice >= head.total,
      estado: estadoCerrado(head.estado),
      motivoAnulacion: head.motivo_anulacion,
    });
  }
  return out;
}

/** The stored acta (administrators): its JSON text exactly as hashed on the PDF's pages, and parsed. */
export async function getActa(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, id: string) {
  requirePermission(actor, 'sorteo:actas');
  await closedHead(ctx, id);
  const stored = await storeActa(ctx, rt, id);
  return { json: stored.acta_json, acta: ZActa.parse(JSON.parse(stored.acta_json)) as TActa, stored };
}

/** The public acta (no login): no CI, no full name. 404 while the raffle runs or for raffles before 0013. */
export async function getActaPublica(ctx: AppContext, rt: SorteoRuntime, id: string): Promise<string> {
  await closedHead(ctx, id);
  const stored = await storeActa(ctx, rt, id);
  if (!stored.acta_publica_json) throw new AppError('NOT_FOUND', SORTEO_MSG.actaPublicaNoDisponible);
  return stored.acta_publica_json;
}

/** The printable list for the witnesses, of the running raffle (or the cycle's last one). */
export async function getListaPdf(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor) {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  const lista = await participantesPublicos(ctx, rt);
  return listaParticipantesPdf({
    anio: head.anio,
    iniciadoEn: head.creado_en,
    compromiso: head.compromiso,
    hash: lista.hash,
    fuente: fuenteDescrita(head),
    participantes: lista.participantes,
  });
}
