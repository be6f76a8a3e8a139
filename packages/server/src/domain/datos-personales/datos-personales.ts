import type { AccesoAccion } from '@inscripciones/shared/accesos/accesos-schema.ts';
import { maskInscripto } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import type { AppContext } from '../context.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { countAll, countByEstado, countSelection } from '../../data/inscriptos/inscriptos-repository.ts';
import { cicloParaLeer } from '../ciclos/ciclo-scope.ts';
import { insertAcceso } from '../../data/accesos/accesos-repository.ts';

/**
 * The one boundary children's personal data crosses on its way out (Ley 18.331, docs/privacy.md): an enrolment
 * leaves the server masked for its reader here, whether it was read, listed, searched, just written, or goes
 * into a document or an export; and every read of children's data is logged here, in the access log. Services
 * call it (routes do not), and nothing else masks an enrolment or writes the access log
 * (`datos-personales.test.ts` proves both).
 */

/** An enrolment as this reader may see it: reserved fields withheld, and for the public the CIs masked. */
export function paraElLector<T extends TInscripto>(
  actor: SessionActor,
  inscripto: T,
): T & { camposReservados: string[] } {
  return maskInscripto(actor, inscripto);
}

export interface AccesoEntry {
  accion: AccesoAccion;
  inscriptoId?: string | null;
  detalle?: string | null;
  cantidad?: number | null;
}

/**
 * Records one access. Called after the read succeeded and before its data is sent, and awaited: a read
 * that cannot be logged is not served (Ley 18.331 asks to know who saw a child's data).
 */
export async function recordAccess(
  ctx: AppContext,
  who: { username: string } | null,
  ip: string,
  entry: AccesoEntry,
): Promise<void> {
  await insertAcceso(ctx.db, {
    id: newId(),
    fecha: ctx.clock().toISOString(),
    // A status lookup may come from a family with no account.
    usuario: who?.username ?? 'anónimo',
    accion: entry.accion,
    inscripto_id: entry.inscriptoId ?? null,
    detalle: entry.detalle ?? null,
    cantidad: entry.cantidad ?? null,
    ip,
  });
}

/**
 * An export: which one and how many enrolments it held: every enrolment of its cycle (`cicloId`, or the
 * current one), or of the whole system for the SQL backup (docs/decisions/0014).
 */
export async function recordExport(
  ctx: AppContext,
  actor: SessionActor,
  ip: string,
  detalle: string,
  cicloId?: string,
  /** The selected records only (the list's selection). */
  ids?: string[],
) {
  const cicloDe = async () => (await cicloParaLeer(ctx.db, cicloId)).id;
  const cantidad =
    detalle === 'sql'
      ? await countAll(ctx.db)
      : await (ids ? countSelection(ctx.db, await cicloDe(), ids) : countByEstado(ctx.db, await cicloDe())).then(
          ({ pendientes, finalizados }) => pendientes + finalizados,
        );
  await recordAccess(ctx, actor, ip, { accion: 'exportar', detalle, cantidad });
}
