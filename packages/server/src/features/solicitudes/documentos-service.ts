import crypto from 'node:crypto';
import { AppError } from '@inscripciones/shared/errors.ts';
import { SOLICITUD_MSG, SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import { type TDocumentoClase } from '@inscripciones/shared/solicitudes/documentos.ts';
import {
  DOCUMENTO_CAMPO_ARCHIVO,
  DOCUMENTO_CAMPO_CLASE,
  type TDocumentoSubido,
} from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { contextoDocumento } from '../../lib/documentos/cifrado.ts';
import type { ArchivoSubido, ResultadoSubida, Subidas } from '../../lib/documentos/subidas.ts';
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

/** A new document's id and its place in the encryption, decided before its bytes are read. */
export function nuevoDocumento(solicitudId: string): { id: string; contexto: string } {
  const id = crypto.randomUUID();
  return { id, contexto: contextoDocumento({ escuelaId: ESCUELA_DE_LA_INSTANCIA, solicitudId, documentoId: id }) };
}

/** The body of an upload, read and processed off the event loop (lib/documentos/subidas.ts). */
export function procesarSubida(
  ctx: AppContext,
  subidas: Subidas,
  cuerpo: Parameters<Subidas['procesar']>[0]['cuerpo'],
  contentType: string,
  contexto: string,
): Promise<ResultadoSubida> {
  return subidas.procesar({
    cuerpo,
    contentType,
    campoClase: DOCUMENTO_CAMPO_CLASE,
    campoArchivo: DOCUMENTO_CAMPO_ARCHIVO,
    clave: ctx.claveDocumentos,
    contexto,
  });
}

/**
 * Stores a processed upload (its file checked, stripped and encrypted by the uploads' thread): the same answers
 * in the same order as when this ran here (409, 429, then what the check found).
 */
export async function subir(
  ctx: AppContext,
  solicitudId: string,
  codigo: string | undefined,
  clase: TDocumentoClase,
  documento: { id: string; archivo: ArchivoSubido },
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
  const { id, archivo: resultado } = documento;
  if (!resultado.ok) {
    throw archivoError(resultado.message, resultado.codigo === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION');
  }
  const now = ctx.clock();
  const subidoEn = now.toISOString();
  await repo.replaceDocumento(ctx.db, {
    id,
    solicitud_id: solicitudId,
    clase,
    tipo: resultado.tipo,
    bytes: resultado.bytes,
    // As a Buffer, over the bytes the thread moved here: both database drivers bind a Buffer as binary.
    cifrado: Buffer.from(resultado.cifrado.buffer, resultado.cifrado.byteOffset, resultado.cifrado.byteLength),
    subido_en: subidoEn,
  });
  await repo.touchDraft(
    ctx.db,
    solicitudId,
    subidoEn,
    new Date(now.getTime() + limites.vigenciaBorradorMs).toISOString(),
  );
  return { id, clase, tipo: resultado.tipo, bytes: resultado.bytes, subidoEn };
}

export const ARCHIVO_PESADO = () => archivoError(SOLICITUD_MSG.documentoPesado, 'PAYLOAD_TOO_LARGE');
