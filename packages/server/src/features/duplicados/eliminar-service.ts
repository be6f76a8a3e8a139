import { AppError } from '@inscripciones/shared/errors.ts';
import type { TDuplicadoEliminado, TEliminarBody } from '@inscripciones/shared/duplicados/api-schema.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import type { DuplicadosResueltosTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import { eliminadosGuardados, saveResolucion } from '../../data/duplicados/duplicados-repository.ts';
import * as inscriptos from '../../data/inscriptos/inscriptos-repository.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { eliminarInscripto } from '../../domain/inscriptos/eliminar-inscripto.ts';
import { gruposAbiertos } from '../../domain/duplicados/pares-abiertos.ts';

const MAX_CONSERVADOS = 10;

/**
 * A possible duplicate resolved by deleting the record that is left over (administrators): the deletion of the
 * list's "Eliminar" and, in the same transaction, a resolution that keeps who, when, the number deleted and the
 * records kept, so "Resueltos" still shows it once the rule no longer finds the group.
 */
export async function eliminar(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  { inscriptoId }: TEliminarBody,
): Promise<TDuplicadoEliminado> {
  requirePermission(actor, 'duplicados:resolver');
  requirePermission(actor, 'inscriptos:delete');
  const abierto = (await gruposAbiertos(ctx.db)).find((p) => p.par.id === id);
  if (!abierto) throw new AppError('NOT_FOUND', DUPLICADO_MSG.noAbierto);
  // A sibling listed in an enrolment is not a record of its own: the enrolment that lists it is not the duplicate.
  if (!abierto.par.ninos.some((n) => n.inscriptoId === inscriptoId && n.hermano === null)) {
    throw new AppError('VALIDATION', DUPLICADO_MSG.noEsDelGrupo);
  }
  // The first few are enough to say whose duplicate it was (a group can hold thousands).
  const conservados = [...new Set(abierto.inscriptos.filter((i) => i !== inscriptoId))].slice(0, MAX_CONSERVADOS);
  const now = ctx.clock().toISOString();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const borrada = await eliminarInscripto(tx, actor, inscriptoId, now);
    const resolucion: DuplicadosResueltosTable = {
      id,
      huella: abierto.huella,
      decision: 'eliminado',
      nota: null,
      resuelto_por: actor.username,
      resuelto_por_nombre: actor.nombre,
      resuelto_en: now,
      eliminado_id: inscriptoId,
      eliminado_numero: borrada.numero_inscripcion,
      conservados: JSON.stringify(conservados),
    };
    await saveResolucion(tx, resolucion);
    return resolucion;
  });
  return eliminadoApi(ctx.db, row);
}

/** A deletion as the screen shows it, the records kept read as they are now. */
async function eliminadoApi(db: Executor, r: DuplicadosResueltosTable): Promise<TDuplicadoEliminado> {
  const ids = JSON.parse(r.conservados ?? '[]') as string[];
  const conservados = await Promise.all(
    ids.map(async (inscriptoId) => {
      const row = await inscriptos.findById(db, inscriptoId);
      const d = row ? rowData(row) : null;
      return {
        inscriptoId,
        numeroInscripcion: row?.numero_inscripcion ?? null,
        nombreCompleto: d ? [d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter(Boolean).join(' ') : null,
      };
    }),
  );
  return {
    id: r.id,
    eliminado: { inscriptoId: r.eliminado_id ?? '', numeroInscripcion: r.eliminado_numero ?? null },
    conservados,
    resueltoPor: r.resuelto_por,
    resueltoPorNombre: r.resuelto_por_nombre,
    resueltoEn: r.resuelto_en,
  };
}

/** The deletions of possible duplicates, newest first (no permission: `resueltos` checked its own). */
export async function eliminados(db: Executor): Promise<TDuplicadoEliminado[]> {
  const rows = await eliminadosGuardados(db);
  return Promise.all(rows.map((r) => eliminadoApi(db, r)));
}
