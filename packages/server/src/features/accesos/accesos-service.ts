import type { TAccesoList, TAccesosQuery } from '@inscripciones/shared/accesos/accesos-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { listAccesos as listRows } from '../../data/accesos/accesos-repository.ts';

/** Montevideo has been UTC−3 all year since 2015: a day there starts at 03:00 UTC. */
const MONTEVIDEO_OFFSET = '-03:00';

function startOfDay(date: string, plusDays = 0): string {
  const d = new Date(`${date}T00:00:00${MONTEVIDEO_OFFSET}`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString();
}

export async function listAccesos(ctx: AppContext, actor: SessionActor, query: TAccesosQuery): Promise<TAccesoList> {
  requirePermission(actor, 'accesos:leer');
  const { rows, total } = await listRows(
    ctx.db,
    {
      usuario: query.usuario?.trim().toLowerCase() || null,
      inscriptoId: query.inscriptoId ?? null,
      accion: query.accion ?? null,
      desde: query.desde ? startOfDay(query.desde) : null,
      hasta: query.hasta ? startOfDay(query.hasta, 1) : null,
    },
    query.page,
    query.pageSize,
  );
  return {
    escuela: { codigo: ctx.escuela.codigo, nombre: ctx.escuelaNombre?.() ?? ctx.escuela.codigo },
    items: rows.map((r) => ({
      id: r.id,
      fecha: r.fecha,
      usuario: r.usuario,
      accion: r.accion,
      inscriptoId: r.inscripto_id,
      detalle: r.detalle,
      cantidad: r.cantidad === null ? null : Number(r.cantidad),
      ip: r.ip,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
