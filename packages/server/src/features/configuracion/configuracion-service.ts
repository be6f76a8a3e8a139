import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import {
  type TContenido,
  type TContenidoEstado,
  type TContenidoPublico,
  type TContenidoUpdate,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import type { TAuditEntry } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit, listAuditFor, type Changes } from '../../data/auditoria/audit-repository.ts';
import * as repo from '../../data/configuracion/configuracion-repository.ts';
import { estadoDesdeFila, type ContenidoStore } from './contenido-store.ts';
import { CAMPOS_DE_CICLO, nombreDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { assertAbierto } from '../../domain/ciclos/ciclo-scope.ts';
import { columnasDeContenido, contenidoDeCiclo } from '../../data/ciclos/ciclo-contenido.ts';
import { findActual, findByAnio, updateCiclo, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';

/**
 * The school's content (docs/decisions/0011): read by every signed-in user, edited by administrators with the
 * version they read, every change audited with its fields. The store keeps this instance's copy current.
 */

/** The audit trail's record id for these settings (its `inscripto_id` column is a generic record id). */
const AUDIT_ID = 'configuracion';

export async function getContenido(ctx: AppContext, store: ContenidoStore, actor: SessionActor) {
  requirePermission(actor, 'configuracion:leer');
  const [row, ciclo] = await Promise.all([repo.findConfiguracion(ctx.db, repo.CLAVE_CONTENIDO), findActual(ctx.db)]);
  store.recordarCiclo(ciclo);
  return store.recordar(row);
}

/** What the public raffle screen and status page may show; from this instance's copy (no session, possibly frequent). */
export function getPublico(store: ContenidoStore): TContenidoPublico {
  const c = store.actual();
  return {
    escuelaNombre: c.escuelaNombre,
    sorteoFecha: c.sorteoFecha,
    sorteoHora: c.sorteoHora,
    sorteoLugar: c.sorteoLugar,
    transmisionUrl: c.transmisionUrl,
    anioIngreso: c.anioIngreso,
  };
}

function cambiosEntre(antes: TContenido, despues: TContenido): Changes {
  const cambios: Changes = {};
  for (const campo of Object.keys(despues) as (keyof TContenido)[]) {
    if (antes[campo] !== despues[campo]) cambios[campo] = { antes: antes[campo], despues: despues[campo] };
  }
  return cambios;
}

function staleError(row: repo.ConfiguracionRow | undefined): AppError {
  if (!row) return new AppError('STALE_VERSION', CONFIGURACION_MSG.staleSinDatos);
  const { fecha, hora } = fechaHoraMontevideo(row.actualizado_en);
  return new AppError('STALE_VERSION', CONFIGURACION_MSG.stale(row.actualizado_por, fecha, hora));
}

/**
 * Saves the whole content. `version` must be the one read (0 while nothing was ever saved): otherwise 409 and
 * nothing changes. The check is repeated in the UPDATE itself (and the first save is an INSERT on the primary
 * key), so two administrators saving at once cannot both win. No changed field: nothing is written.
 */
export async function updateContenido(
  ctx: AppContext,
  store: ContenidoStore,
  actor: SessionActor,
  input: TContenidoUpdate,
): Promise<TContenidoEstado> {
  requirePermission(actor, 'configuracion:editar');
  const { version, ...contenido } = input;
  const clave = repo.CLAVE_CONTENIDO;
  let fila: repo.ConfiguracionRow | undefined;
  let ciclo: CicloRow | undefined;
  try {
    fila = await ctx.db.transaction().execute(async (tx) => {
      const row = await repo.findConfiguracion(tx, clave);
      const vigente = estadoDesdeFila(row, store.inicial());
      if (version !== vigente.version) throw staleError(row);
      // What the screen showed: the lottery texts, year and places are the current cycle's.
      const actual = await findActual(tx);
      const cambios = cambiosEntre({ ...vigente.contenido, ...contenidoDeCiclo(actual) }, contenido);
      if (Object.keys(cambios).length === 0) return row;
      const now = ctx.clock().toISOString();
      ciclo = await guardarEnCicloActual(tx, actual, contenido, cambios, now);
      const nueva = { valor: JSON.stringify(contenido), actualizado_por: actor.username, actualizado_en: now };
      if (row) {
        if (!(await repo.updateConfiguracion(tx, clave, version, nueva))) {
          throw staleError(await repo.findConfiguracion(tx, clave));
        }
      } else {
        await repo.insertConfiguracion(tx, { clave, version: 1, ...nueva });
      }
      await appendAudit(tx, { fecha: now, usuario: actor.username, accion: 'editar', inscripto_id: AUDIT_ID, cambios });
      return { clave, version: version + 1, ...nueva };
    });
  } catch (e) {
    // Two first saves at once: the second INSERT hits the primary key.
    if (isUniqueViolation(e)) throw staleError(await repo.findConfiguracion(ctx.db, clave));
    throw e;
  }
  if (ciclo) store.recordarCiclo(ciclo);
  return store.recordar(fila);
}

/**
 * The lottery texts, intake year and places belong to the current cycle (docs/decisions/0014): a change to
 * them on this screen is a change to that cycle, refused when it is closed.
 */
async function guardarEnCicloActual(
  tx: Parameters<typeof appendAudit>[0],
  actual: CicloRow,
  contenido: TContenido,
  cambios: Changes,
  now: string,
): Promise<CicloRow | undefined> {
  const campos = CAMPOS_DE_CICLO.filter((c) => c in cambios);
  if (!campos.length) return undefined;
  assertAbierto(actual);
  const otro = await findByAnio(tx, contenido.anioIngreso);
  if (otro && otro.id !== actual.id) throw new AppError('CONFLICT', CICLO_MSG.anioRepetido(contenido.anioIngreso));
  const changes = {
    ...columnasDeContenido(Object.fromEntries(campos.map((c) => [c, contenido[c]]))),
    // A cycle still called after its year follows the new year.
    ...(actual.nombre === nombreDeCiclo(actual.anio_ingreso) ? { nombre: nombreDeCiclo(contenido.anioIngreso) } : {}),
    actualizado_en: now,
  };
  await updateCiclo(tx, actual.id, changes);
  return { ...actual, ...changes };
}

/** Every saved change of the settings, oldest first (administrators). */
export async function historial(ctx: AppContext, actor: SessionActor): Promise<TAuditEntry[]> {
  requirePermission(actor, 'configuracion:editar');
  return (await listAuditFor(ctx.db, AUDIT_ID)).map((e) => ({
    seq: e.seq,
    fecha: e.fecha,
    usuario: e.usuario,
    accion: e.accion,
    cambios: JSON.parse(e.cambios) as TAuditEntry['cambios'],
  }));
}
