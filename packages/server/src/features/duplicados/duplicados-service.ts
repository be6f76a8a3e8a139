import { AppError } from '@inscripciones/shared/errors.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import {
  type TAvisosDuplicado,
  type TDuplicadosList,
  type TDuplicadosQuery,
  type TParDuplicadoApi,
  type TResueltosList,
  type TVerificarDuplicadoParsed,
  type TResolucion,
  type TResolverBody,
} from '@inscripciones/shared/duplicados/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { claveDeDuplicado, personalChanges } from '../../domain/auditoria/personal-changes.ts';
import { saveResolucion } from '../../data/duplicados/duplicados-repository.ts';
import {
  MAX_AVISOS,
  gruposAbiertos,
  gruposResueltos,
  paresDeCandidato,
} from '../../domain/duplicados/pares-abiertos.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { eliminados } from './eliminar-service.ts';

/**
 * Possible duplicates: the open groups of look-alikes, one page at a time, "No son la misma
 * persona", and the form's warnings.
 */

export async function list(
  ctx: AppContext,
  actor: SessionActor,
  { page = 1, pageSize = 20, limite }: Partial<TDuplicadosQuery> = {},
): Promise<TDuplicadosList> {
  requirePermission(actor, 'duplicados:leer');
  const abiertos = await gruposAbiertos(ctx.db);
  const size = limite ?? pageSize;
  const desde = limite === undefined ? (page - 1) * pageSize : 0;
  return {
    items: abiertos.slice(desde, desde + size).map((p) => p.par),
    total: abiertos.length,
    page: limite === undefined ? page : 1,
    pageSize: size,
  };
}

/** "No son la misma persona": kept with who, when and the matched fields' hash, and audited. */
export async function resolver(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  body: TResolverBody,
): Promise<TResolucion> {
  requirePermission(actor, 'duplicados:resolver');
  const abierto = (await gruposAbiertos(ctx.db)).find((p) => p.par.id === id);
  if (!abierto) throw new AppError('NOT_FOUND', DUPLICADO_MSG.noAbierto);
  const row = {
    id,
    huella: abierto.huella,
    decision: body.decision,
    nota: body.nota || null,
    resuelto_por: actor.username,
    resuelto_por_nombre: actor.nombre,
    resuelto_en: ctx.clock().toISOString(),
  };
  await ctx.db.transaction().execute(async (tx) => {
    await saveResolucion(tx, row);
    await appendAudit(tx, {
      fecha: row.resuelto_en,
      usuario: actor.username,
      accion: 'editar',
      inscripto_id: `duplicado:${id}`,
      cambios: {
        decision: { despues: row.decision },
        // The note may name the children: a digest under a key anonymisation deletes (decision 0017).
        ...(row.nota ? await personalChanges(tx, claveDeDuplicado(id), { nota: { despues: row.nota } }) : {}),
        a: { despues: abierto.par.a.inscriptoId },
        b: { despues: abierto.par.b.inscriptoId },
        motivo: { despues: abierto.par.motivo },
        // A group of three or more: every record in it, so anonymising any of them finds the note.
        ...(abierto.par.cantidad > 2 ? { inscriptos: { despues: abierto.inscriptos.join(' ') } } : {}),
      },
    });
  });
  return {
    id,
    decision: row.decision,
    nota: row.nota,
    resueltoPor: row.resuelto_por,
    resueltoPorNombre: row.resuelto_por_nombre,
    resueltoEn: row.resuelto_en,
  };
}

/** A pair in words, from the side of one of its records: "Posible duplicado de Lucía Pérez, N° 12: …". */
function aviso(par: TParDuplicadoApi, inscriptoId: string) {
  // A pair never joins two children of one enrolment: the other child is in the other one.
  const otro = par.a.inscriptoId === inscriptoId ? par.b : par.a;
  return { mensaje: DUPLICADO_MSG.aviso(otro.nombreCompleto, otro.numeroInscripcion, par.motivoTexto), par };
}

/**
 * The warnings for one enrolment (the form shows them after saving): one per other child of its open groups,
 * at most MAX_AVISOS. A group's `par` is the group (a pair, when it holds two).
 */
export async function avisosDe(ctx: AppContext, actor: SessionActor, inscriptoId: string): Promise<TAvisosDuplicado> {
  requirePermission(actor, 'duplicados:leer');
  const items: TAvisosDuplicado['items'] = [];
  for (const { par } of await gruposAbiertos(ctx.db)) {
    if (!par.ninos.some((n) => n.inscriptoId === inscriptoId)) continue;
    for (const otro of par.ninos) {
      if (otro.inscriptoId === inscriptoId || items.length >= MAX_AVISOS) continue;
      items.push({ mensaje: DUPLICADO_MSG.aviso(otro.nombreCompleto, otro.numeroInscripcion, par.motivoTexto), par });
    }
  }
  return { items };
}

/** The warnings for a record being typed, before it is saved: it never blocks the save. */
export async function verificar(
  ctx: AppContext,
  actor: SessionActor,
  { id, ...datos }: TVerificarDuplicadoParsed,
): Promise<TAvisosDuplicado> {
  requirePermission(actor, 'duplicados:leer');
  const candidatoId = id ?? newId(ctx.clock().getTime());
  const items = (await paresDeCandidato(ctx.db, candidatoId, datos)).map((p) => aviso(p.par, candidatoId));
  return { items };
}

/** The groups kept as different children, newest resolution first (the screen shows who and when). */
export async function resueltos(ctx: AppContext, actor: SessionActor): Promise<TResueltosList> {
  requirePermission(actor, 'duplicados:leer');
  const items = (await gruposResueltos(ctx.db)).map(({ par, resolucion: r }) => ({
    par,
    resolucion: {
      nota: r.nota,
      resueltoPor: r.resuelto_por,
      resueltoPorNombre: r.resuelto_por_nombre,
      resueltoEn: r.resuelto_en,
    },
  }));
  items.sort((x, y) => (x.resolucion.resueltoEn < y.resolucion.resueltoEn ? 1 : -1));
  return { items, eliminados: await eliminados(ctx.db) };
}
