import crypto from 'node:crypto';
import { AppError } from '@inscripciones/shared/errors.ts';
import { SOLICITUD_MSG, SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import { type TDocumentoClase } from '@inscripciones/shared/solicitudes/documentos.ts';
import { DOCUMENTO_CAMPO_ARCHIVO, type TDocumentoSubido } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { cifrarDocumento, contextoDocumento } from '../../lib/documentos/cifrado.ts';
import { inspeccionar, type TDeclarado } from '../../lib/documentos/inspeccionar.ts';
import { quitarMetadatos } from '../../lib/documentos/metadatos.ts';
import { abrir, esEditable } from './solicitudes-service.ts';
import { contar, SOLICITUD_LIMITES, type SolicitudLimites } from './limites.ts';

/**
 * A family's document (docs/decisions/0035): checked by content and size before anything is stored, images
 * without their metadata, encrypted at rest under the documents' key with its place bound to it.
 */

/**
 * The school the document is bound to in its encryption context. An instance serves one school until schools
 * scope the tables (DESIGN wave 3); this value then becomes the application's school id.
 */
export const ESCUELA_DE_LA_INSTANCIA = 'escuela';

/** A 400 (or 413) about the uploaded file, naming its field. */
export function archivoError(message: string, code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION'): AppError {
  return new AppError(code, message, [{ field: DOCUMENTO_CAMPO_ARCHIVO, label: 'Archivo', message }]);
}

export async function subir(
  ctx: AppContext,
  solicitudId: string,
  codigo: string | undefined,
  clase: TDocumentoClase,
  bytes: Uint8Array,
  declarado: TDeclarado,
  limites: SolicitudLimites = SOLICITUD_LIMITES,
): Promise<TDocumentoSubido> {
  const row = await abrir(ctx, solicitudId, codigo);
  if (!esEditable(row)) throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
  await contar(
    ctx,
    `solicitud:subir:${solicitudId}`,
    limites.ventanaSolicitudMs,
    limites.subidasPorSolicitud,
    SOLICITUD_TEXTOS.demasiadosCambios,
  );
  const inspeccion = inspeccionar(bytes, declarado);
  if (!inspeccion.ok) {
    throw archivoError(inspeccion.message, inspeccion.codigo === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION');
  }
  const limpio = quitarMetadatos(inspeccion.tipo, bytes);
  const id = crypto.randomUUID();
  const contexto = contextoDocumento({ escuelaId: ESCUELA_DE_LA_INSTANCIA, solicitudId, documentoId: id });
  const now = ctx.clock();
  const subidoEn = now.toISOString();
  await repo.replaceDocumento(ctx.db, {
    id,
    solicitud_id: solicitudId,
    clase,
    tipo: inspeccion.tipo,
    bytes: limpio.length,
    cifrado: cifrarDocumento(ctx.claveDocumentos, limpio, contexto).toString('base64'),
    subido_en: subidoEn,
  });
  await repo.touchDraft(
    ctx.db,
    solicitudId,
    subidoEn,
    new Date(now.getTime() + limites.vigenciaBorradorMs).toISOString(),
  );
  return { id, clase, tipo: inspeccion.tipo, bytes: limpio.length, subidoEn };
}

export const ARCHIVO_PESADO = () => archivoError(SOLICITUD_MSG.documentoPesado, 'PAYLOAD_TOO_LARGE');
