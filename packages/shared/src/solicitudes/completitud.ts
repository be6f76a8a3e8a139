import type { FieldError } from '../errors.ts';
import { missingForCompleteness } from '../inscriptos/completeness.ts';
import type { InscriptoInput } from '../inscriptos/rules-input.ts';
import { DOCUMENTO_CLASES, DOCUMENTO_CLASE_LABELS } from './documentos.ts';
import { SOLICITUD_TEXTOS } from './messages.ts';

/**
 * What sending an online application needs (docs/decisions/0035): staff entry's completeness (completeness.ts),
 * less the official who takes it (staff add it when they verify), and both documents. The server refuses
 * the send with this list; the web shows it on the review step.
 */
export function faltantesSolicitud(datos: InscriptoInput, clases: readonly string[]): FieldError[] {
  const formulario = missingForCompleteness({ ...datos, funcionario: 'verificación de la escuela' });
  const documentos = DOCUMENTO_CLASES.filter((c) => !clases.includes(c)).map((c) => ({
    field: `documentos.${c}`,
    label: DOCUMENTO_CLASE_LABELS[c],
    message: SOLICITUD_TEXTOS.faltanDocumentos,
  }));
  return [...formulario, ...documentos];
}
