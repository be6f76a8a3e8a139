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
import { paresAbiertos, paresDeCandidato, paresResueltos } from '../../domain/duplicados/pares-abiertos.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';

/** Possible duplicates (issue 24): the open pairs, "No son la misma persona", and the form's warnings. */

export async function list(
  ctx: AppContext,
  actor: SessionActor,
  { limite }: TDuplicadosQuery = {},
): Promise<TDuplicadosList> {
  requirePermission(actor, 'duplicados:leer');
  const abiertos = await paresAbiertos(ctx.db);
  return { items: abiertos.slice(0, limite).map((p) => p.par), total: abiertos.length };
}

/** How many pairs are open: the raffle waits for them (no permission: the caller checked its own). */
export async function contarAbiertos(ctx: AppContext): Promise<number> {
  return (await paresAbiertos(ctx.db)).length;
}

/** "No son la misma persona": kept with who, when and the matched fields' hash, and audited. */
export async function resolver(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  body: TResolverBody,
): Promise<TResolucion> {
  requirePermission(actor, 'duplicados:resolver');
  const abierto = (await paresAbiertos(ctx.db)).find((p) => p.par.id === id);
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

/** The warnings for one enrolment (the form shows them after saving): its open pairs, in words. */
export async function avisosDe(ctx: AppContext, actor: SessionActor, inscriptoId: string): Promise<TAvisosDuplicado> {
  requirePermission(actor, 'duplicados:leer');
  const items = (await paresAbiertos(ctx.db))
    .map((p) => p.par)
    .filter((p) => p.a.inscriptoId === inscriptoId || p.b.inscriptoId === inscriptoId)
    .map((par) => aviso(par, inscriptoId));
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

/** The pairs kept as two children, newest resolution first (the screen shows who and when). */
export async function resueltos(ctx: AppContext, actor: SessionActor): Promise<TResueltosList> {
  requirePermission(actor, 'duplicados:leer');
  const items = (await paresResueltos(ctx.db)).map(({ par, resolucion: r }) => ({
    par,
    resolucion: {
      nota: r.nota,
      resueltoPor: r.resuelto_por,
      resueltoPorNombre: r.resuelto_por_nombre,
      resueltoEn: r.resuelto_en,
    },
  }));
  items.sort((x, y) => (x.resolucion.resueltoEn < y.resolucion.resueltoEn ? 1 : -1));
  return { items };
}
