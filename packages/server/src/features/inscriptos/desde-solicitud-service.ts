import { AppError } from '@inscripciones/shared/errors.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { labelsOf } from '@inscripciones/shared/inscriptos/sections.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { VERIFICACION_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import type {
  TSolicitudFinalizada,
  TSolicitudFinalizar,
} from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import * as solicitudes from '../../data/solicitudes/solicitudes-repository.ts';
import { assertRules, formData, keepAdminOnlyFields, namedFuncionario } from './inscripto-input.ts';
import { createInscripto, finalizeInscripto } from './inscriptos-service.ts';

/**
 * Finalising a family's online application (docs/decisions/0038): the form as staff corrected it becomes an
 * ordinary enrolment, created and finalised by the staff member with staff entry's checks (rules, CI free in the
 * cycle, completeness), so it gets its number, its constancia and the family's message (when they consented)
 * exactly as one entered at the table. Lives here, not in features/solicitudes, because it creates an enrolment.
 */
export async function finalizarSolicitud(
  ctx: AppContext,
  actor: SessionActor,
  solicitudId: string,
  input: TSolicitudFinalizar,
): Promise<TSolicitudFinalizada> {
  requirePermission(actor, 'solicitudes:verificar');
  const solicitud = await solicitudes.findSolicitud(ctx.db, solicitudId);
  if (!solicitud || solicitud.estado === 'borrador') throw new AppError('NOT_FOUND', VERIFICACION_TEXTOS.noEncontrada);
  if (solicitud.estado !== 'enviada') throw new AppError('CONFLICT', VERIFICACION_TEXTOS.noEstaEnviada);
  if (solicitud.version !== input.version) throw new AppError('STALE_VERSION', VERIFICACION_TEXTOS.otraVersion);

  // Completeness first: a refused finalisation leaves no pending enrolment behind.
  const datos = keepAdminOnlyFields(actor, formData(input), null);
  assertRules(ctx, datos);
  const missing = missingForCompleteness({ ...datos, funcionario: namedFuncionario(actor, input.funcionario, null) });
  if (missing.length) {
    throw new AppError('INCOMPLETE', INSCRIPTO_MSG.cannotFinalize(labelsOf(missing).join(', ')), missing);
  }

  // The enrolment takes the application's id: a retry after a failure half-way finds it, never makes a second.
  const { version: _version, ...cuerpo } = input;
  let inscripto = await repo.findById(ctx.db, solicitudId);
  if (!inscripto) {
    await createInscripto(ctx, actor, { ...cuerpo, id: solicitudId });
    inscripto = await repo.findById(ctx.db, solicitudId);
  }
  if (!inscripto) throw new AppError('NOT_FOUND', VERIFICACION_TEXTOS.noEncontrada);
  const final =
    inscripto.estado === 'finalizado' && inscripto.numero_inscripcion !== null
      ? { id: inscripto.id, numeroInscripcion: inscripto.numero_inscripcion }
      : await finalizeInscripto(ctx, actor, solicitudId, { ...cuerpo, version: inscripto.version });

  await solicitudes.markFinalised(ctx.db, solicitudId, {
    inscripto_id: final.id,
    verificada_por: actor.username,
    verificada_en: ctx.clock().toISOString(),
  });
  if (final.numeroInscripcion === null || final.numeroInscripcion === undefined) {
    throw new AppError('CONFLICT', VERIFICACION_TEXTOS.noEstaEnviada);
  }
  return { inscriptoId: final.id, numeroInscripcion: final.numeroInscripcion };
}
