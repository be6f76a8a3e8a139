import {
  ZSolicitudFinalizada,
  ZSolicitudesLista,
  ZSolicitudVerificacion,
  type TSolicitudFinalizada,
  type TSolicitudesLista,
  type TSolicitudVerificacion,
} from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { apiDownload, apiRequest, type ApiFile } from '../../lib/api-client.ts';

/** Staff's side of the online applications (docs/decisions/0038). */

const ruta = (id: string, resto = '') => `/api/solicitudes/${encodeURIComponent(id)}${resto}`;

export const listarEnviadas = (): Promise<TSolicitudesLista> =>
  apiRequest('/api/solicitudes?estado=enviada', { schema: ZSolicitudesLista });

export const verSolicitud = (id: string): Promise<TSolicitudVerificacion> =>
  apiRequest(ruta(id, '/verificacion'), { schema: ZSolicitudVerificacion });

/** The decrypted file, fetched with the session (never a bare link: the browser would send no token). */
export const bajarDocumento = (id: string, doc: string): Promise<ApiFile> =>
  apiDownload(ruta(id, `/documentos/${encodeURIComponent(doc)}`));

export const finalizarSolicitud = (
  id: string,
  datos: Record<string, unknown>,
  version: number,
): Promise<TSolicitudFinalizada> =>
  apiRequest(ruta(id, '/finalizar'), { method: 'POST', body: { ...datos, version }, schema: ZSolicitudFinalizada });

export const devolverSolicitud = (id: string, nota: string, version: number): Promise<TSolicitudVerificacion> =>
  apiRequest(ruta(id, '/devolver'), { method: 'POST', body: { nota, version }, schema: ZSolicitudVerificacion });
