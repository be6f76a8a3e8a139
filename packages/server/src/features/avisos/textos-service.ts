import { AppError } from '@inscripciones/shared/errors.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import {
  PLANTILLAS,
  PLANTILLAS_POR_DEFECTO,
  type TPlantillasBody,
  type TPlantillasEstado,
} from '@inscripciones/shared/avisos/plantillas.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/configuracion/configuracion-repository.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { plantillasGuardadas } from '../../domain/avisos/redactor.ts';

/**
 * The texts of the messages to the families (decision 0029, later note), in Configuración: administrators read
 * and change them; the defaults stay in code, so only what differs from them is stored. A save carries the
 * version it read, as the school's content does.
 */

const clave = repo.CLAVE_AVISOS_TEXTOS;

export async function leerTextos(ctx: AppContext, actor: SessionActor): Promise<TPlantillasEstado> {
  requirePermission(actor, 'configuracion:editar');
  const { textos, version } = await plantillasGuardadas(ctx.db);
  return { textos, porDefecto: PLANTILLAS_POR_DEFECTO, version };
}

function staleError(row: repo.ConfiguracionRow | undefined): AppError {
  if (!row) return new AppError('STALE_VERSION', CONFIGURACION_MSG.staleSinDatos);
  const { fecha, hora } = fechaHoraMontevideo(row.actualizado_en);
  return new AppError('STALE_VERSION', CONFIGURACION_MSG.stale(row.actualizado_por, fecha, hora));
}

export async function guardarTextos(
  ctx: AppContext,
  actor: SessionActor,
  body: TPlantillasBody,
): Promise<TPlantillasEstado> {
  requirePermission(actor, 'configuracion:editar');
  const cambiados = Object.fromEntries(
    PLANTILLAS.filter(
      (p) =>
        body.textos[p].asunto !== PLANTILLAS_POR_DEFECTO[p].asunto ||
        body.textos[p].texto !== PLANTILLAS_POR_DEFECTO[p].texto,
    ).map((p) => [p, body.textos[p]]),
  );
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const row = await repo.findConfiguracion(tx, clave);
      if (body.version !== (row ? Number(row.version) : 0)) throw staleError(row);
      const now = ctx.clock().toISOString();
      const nueva = { valor: JSON.stringify(cambiados), actualizado_por: actor.username, actualizado_en: now };
      if (row) {
        if (!(await repo.updateConfiguracion(tx, clave, body.version, nueva))) {
          throw staleError(await repo.findConfiguracion(tx, clave));
        }
      } else {
        await repo.insertConfiguracion(tx, { clave, version: 1, ...nueva });
      }
      // The names of the templates changed; their texts are the school's, not personal data.
      await appendAudit(tx, {
        fecha: now,
        usuario: actor.username,
        accion: 'editar',
        inscripto_id: 'configuracion:avisos-textos',
        cambios: { plantillasCambiadas: { despues: Object.keys(cambiados) } },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw staleError(await repo.findConfiguracion(ctx.db, clave));
    throw e;
  }
  return leerTextos(ctx, actor);
}
