import { ZPlazasEstado, ZRespuestaResponse, type TRespuestaBody } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { apiDownload, apiRequest } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The places API: the state, the answers, the documents. */

export function fetchPlazas(signal?: AbortSignal) {
  return apiRequest('/api/plazas', { schema: ZPlazasEstado, ...(signal ? { signal } : {}) });
}

export function enviarRespuesta(id: string, body: TRespuestaBody) {
  return apiRequest(`/api/plazas/${encodeURIComponent(id)}/respuesta`, {
    method: 'POST',
    body,
    schema: ZRespuestaResponse,
  });
}

export const DOCUMENTOS = [
  { path: 'adenda.pdf', label: 'Adenda al acta (PDF)' },
  { path: 'nomina.pdf', label: 'Nómina de ingresos (PDF)' },
  { path: 'nomina.xlsx', label: 'Nómina de ingresos (Excel)' },
  { path: 'suplentes.pdf', label: 'Suplentes actuales (PDF)' },
  { path: 'suplentes.xlsx', label: 'Suplentes actuales (Excel)' },
  { path: 'registro.json', label: 'Registro para verificar (JSON)' },
] as const;

export async function descargar(path: string): Promise<void> {
  const file = await apiDownload(`/api/plazas/${path}`);
  saveFile(file.blob, file.filename ?? path);
}
