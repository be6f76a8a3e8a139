import { ultimaEntradaDe } from '../../data/auditoria/audit-repository.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ZActa, type TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { findCiclo } from '../../data/ciclos/ciclos-repository.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { buildActa, buildActaPublica, estadoCerrado } from './sorteo-acta.ts';
import { actaPdf } from '../../domain/sorteos/acta-pdf.ts';
import { confirmedDraws, load, plazasOf, requireActive, type SorteoRuntime } from './sorteo-cache.ts';
import { listaParticipantesPdf } from './sorteo-lista-pdf.ts';
import { participantesPublicos } from './sorteo-public-reads.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { sha256Hex } from './sorteo-random.ts';
import { sorteoDelCiclo } from './sorteo-views.ts';
import { fuenteDescrita } from '../../domain/sorteos/fuente-valor-publico.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';

/**
 * The actas of closed raffles: made once when a raffle closes (finalised or annulled) and stored in the closing
 * transaction, JSON, public JSON and PDF, so every download gives the same bytes and the PDF's SHA-256 names the
 * JSON it was made from. Reading never stores (decision 0037): a raffle closed before migration 0013 has no
 * stored acta and gets it made on each download, and a PDF emptied by an anonymisation before that decision is
 * drawn again on each download; both with a fixed file date, so the bytes are still the same every time.
 */

async function closedHead(ctx: AppContext, id: string) {
  const head = await repo.findHead(ctx.db, id);
  if (!head || head.estado === 'activo') throw new AppError('NOT_FOUND', SORTEO_MSG.actaNoEncontrada);
  return head;
}

/** The acta of a closed raffle, from what is stored about it. */
async function makeActa(ctx: AppContext, rt: SorteoRuntime, head: repo.SorteoHead) {
  const [loaded, revelaciones, ciclo, delCiclo] = await Promise.all([
    load(ctx, rt, head),
    repo.listRevelaciones(ctx.db, head.id),
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
    ancla: await ultimaEntradaDe(ctx.db, `sorteo:${head.id}`),
  });
  const json = JSON.stringify(acta);
  const publica = buildActaPublica(acta);
  return { acta, json, sha: sha256Hex(json), publica: publica ? JSON.stringify(publica) : null };
}

/** Stores the acta of the raffle `id`, closed in the transaction `ctx.db` is (sorteo-draw-service.ts `end`). */
export async function storeActa(ctx: AppContext, rt: SorteoRuntime, id: string): Promise<void> {
  const { acta, json, sha, publica } = await makeActa(ctx, rt, await closedHead(ctx, id));
  await repo.insertStoredActa(ctx.db, {
    sorteo_id: id,
    acta_json: json,
    acta_sha256: sha,
    acta_publica_json: publica,
    acta_pdf: (await actaPdf(acta, sha)).toString('base64'),
    creado_en: ctx.clock().toISOString(),
  });
}

interface ActaLeida {
  json: string;
  publica: string | null;
  /** The PDF, drawn only when asked for if it is not stored. */
  pdf: () => Promise<Buffer>;
}

/** The acta as stored, or made now without storing it (see the top of this file). */
async function readActa(ctx: AppContext, rt: SorteoRuntime, id: string): Promise<ActaLeida> {
  const head = await closedHead(ctx, id);
  const stored = await repo.findStoredActa(ctx.db, id);
  if (stored) {
    const { acta_json: json, acta_sha256: sha, acta_pdf: pdf } = stored;
    return {
      json,
      publica: stored.acta_publica_json,
      pdf: async () =>
        pdf ? Buffer.from(pdf, 'base64') : actaPdf(ZActa.parse(JSON.parse(json)), sha, new Date(stored.creado_en)),
    };
  }
  const { acta, json, sha, publica } = await makeActa(ctx, rt, head);
  return { json, publica, pdf: () => actaPdf(acta, sha, new Date(head.archivado_en ?? head.actualizado_en)) };
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

/**
 * The acta (administrators): its JSON text exactly as hashed on the PDF's pages, parsed, and its PDF. It names
 * every participant: each download is an export in the access log (`detalle`: which file; docs/privacy.md).
 */
export async function getActa(
  ctx: AppContext,
  rt: SorteoRuntime,
  actor: SessionActor,
  id: string,
  acceso: { ip: string; detalle: string },
) {
  requirePermission(actor, 'sorteo:actas');
  const leida = await readActa(ctx, rt, id);
  const acta = ZActa.parse(JSON.parse(leida.json)) as TActa;
  const cantidad = acta.participantes.reduce((n, u) => n + u.miembros.filter((m) => m.inscriptoId).length, 0);
  await recordAccess(ctx, actor, acceso.ip, { accion: 'exportar', detalle: acceso.detalle, cantidad });
  return { json: leida.json, acta, pdf: leida.pdf };
}

/** The public acta (no login): no CI, no full name. 404 while the raffle runs or for raffles before 0013. */
export async function getActaPublica(ctx: AppContext, rt: SorteoRuntime, id: string): Promise<string> {
  const { publica } = await readActa(ctx, rt, id);
  if (!publica) throw new AppError('NOT_FOUND', SORTEO_MSG.actaPublicaNoDisponible);
  return publica;
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
