import {
  SOLICITUD_CODIGO_HEADER,
  DOCUMENTO_CAMPO_ARCHIVO,
  DOCUMENTO_CAMPO_CLASE,
  ZDocumentoSubido,
  ZSolicitud,
  type TSolicitud,
  type TDocumentoSubido,
} from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { TDocumentoClase } from '@inscripciones/shared/solicitudes/documentos.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The families' online application (docs/decisions/0035): every call after the first (solicitud-crear.ts, kept
 * apart so the first screen does not load zod) carries the code.
 */

export interface Llave {
  id: string;
  codigo: string;
}

const con = (llave: Llave) => ({ [SOLICITUD_CODIGO_HEADER]: llave.codigo });
const ruta = (llave: Llave, resto = '') => `/api/solicitudes/${encodeURIComponent(llave.id)}${resto}`;

export const leerSolicitud = (llave: Llave): Promise<TSolicitud> =>
  apiRequest(ruta(llave), { auth: false, headers: con(llave), schema: ZSolicitud });

export const guardarSolicitud = (llave: Llave, datos: Record<string, unknown>): Promise<TSolicitud> =>
  apiRequest(ruta(llave), { method: 'PUT', body: datos, auth: false, headers: con(llave), schema: ZSolicitud });

export function subirDocumento(llave: Llave, clase: TDocumentoClase, archivo: File): Promise<TDocumentoSubido> {
  const body = new FormData();
  // The kind first: the server reads it before the file.
  body.append(DOCUMENTO_CAMPO_CLASE, clase);
  body.append(DOCUMENTO_CAMPO_ARCHIVO, archivo, archivo.name);
  return apiRequest(ruta(llave, '/documentos'), {
    method: 'POST',
    body,
    auth: false,
    headers: con(llave),
    schema: ZDocumentoSubido,
  });
}

export const enviarSolicitud = (llave: Llave): Promise<TSolicitud> =>
  apiRequest(ruta(llave, '/enviar'), { method: 'POST', auth: false, headers: con(llave), schema: ZSolicitud });
