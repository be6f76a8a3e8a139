import { AppError } from '@inscripciones/shared/errors.ts';
import { labelsOf, ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { faltantesSolicitud } from '@inscripciones/shared/solicitudes/completitud.ts';
import { SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import type { TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { abrir, datosDe, esEditable, vista } from './solicitudes-service.ts';
import { contar, SOLICITUD_LIMITES, type SolicitudLimites } from './limites.ts';

/**
 * Sending the application (docs/decisions/0035): staff entry's checks on the whole form (the rules, then
 * completeness) and both documents. The CI is not compared with other enrolments here: that answer would tell
 * whether another family applied; staff compare it when they verify.
 */

export async function enviar(
  ctx: AppContext,
  ip: string,
  id: string,
  codigo: string | undefined,
  limites: SolicitudLimites = SOLICITUD_LIMITES,
): Promise<TSolicitud> {
  const row = await abrir(ctx, id, codigo);
  if (!esEditable(row)) throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
  await contar(
    ctx,
    `solicitud:enviar:ip:${ip}`,
    limites.creacionVentanaMs,
    limites.enviosPorIp,
    SOLICITUD_TEXTOS.demasiadosEnvios,
  );
  const datos = datosDe(row);
  const errores = ruleErrors(datos, ctx.clock());
  const documentos = await repo.listDocumentos(ctx.db, id);
  const faltan = faltantesSolicitud(
    datos,
    documentos.map((d) => d.clase),
  );
  if (errores.length || faltan.length) {
    const lista = [...errores, ...faltan];
    throw new AppError('INCOMPLETE', SOLICITUD_TEXTOS.noSePuedeEnviar(labelsOf(lista).join(', ')), lista);
  }
  const now = ctx.clock().toISOString();
  if (!(await repo.markSent(ctx.db, id, row.version, now))) {
    throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
  }
  return vista(ctx, { ...row, estado: 'enviada', enviada_en: now, vence_en: null, version: row.version + 1 });
}
