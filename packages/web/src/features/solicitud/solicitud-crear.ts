import { apiRequest, ApiError } from '../../lib/api-client.ts';
import type { Llave } from './solicitud-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer of POST /api/solicitudes (ZSolicitudCreada), checked by hand: zod is not on the first screen. */
function esSolicitudCreada(data: unknown): data is Llave {
  const d = data as Partial<Record<keyof Llave, unknown>> | null;
  return (
    typeof d === 'object' && d !== null && typeof d.id === 'string' && UUID.test(d.id) && typeof d.codigo === 'string'
  );
}

/** Starts the family's application with its contact (docs/decisions/0035): its id and code. */
export async function crearSolicitud(contacto: string): Promise<Llave> {
  const data = await apiRequest('/api/solicitudes', { method: 'POST', body: { contacto }, auth: false });
  if (!esSolicitudCreada(data)) throw new ApiError(201, '', 'INVALID_RESPONSE');
  return { id: data.id, codigo: data.codigo };
}
