import { AppError, type FieldError } from '@inscripciones/shared/errors.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { labelsOf, ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { DOCUMENTO_CLASES, DOCUMENTO_CLASE_LABELS } from '@inscripciones/shared/solicitudes/documentos.ts';
import { SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import type { TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { abrir, datosDe, vista } from './solicitudes-service.ts';

/**
 * Sending the application (docs/decisions/0035): staff entry's checks on the whole form (the rules, then
 * completeness) and both documents. The CI is not compared with other enrolments here: that answer would tell
 * whether another family applied; staff compare it when they verify.
 */

/**
 * Staff entry's completeness, less what staff add when they verify (the official who takes the application),
 * and the two documents.
 */
export function faltantes(datos: TInscriptoData, clases: readonly string[]): FieldError[] {
  const formulario = missingForCompleteness({ ...datos, funcionario: 'verificación de la escuela' });
  const documentos = DOCUMENTO_CLASES.filter((c) => !clases.includes(c)).map((c) => ({
    field: `documentos.${c}`,
    label: DOCUMENTO_CLASE_LABELS[c],
    message: SOLICITUD_TEXTOS.faltanDocumentos,
  }));
  return [...formulario, ...documentos];
}

export async function enviar(ctx: AppContext, id: string, codigo: string | undefined): Promise<TSolicitud> {
  const row = await abrir(ctx, id, codigo);
  if (row.estado !== 'borrador') throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
  const datos = datosDe(row);
  const errores = ruleErrors(datos, ctx.clock());
  const documentos = await repo.listDocumentos(ctx.db, id);
  const faltan = faltantes(
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
