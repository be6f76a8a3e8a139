import {
  ZPlazaOferta,
  ZPlazasEstado,
  ZRespuestaResponse,
  type TPlazoBody,
  type TRespuestaBody,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { apiDownload, apiRequest } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The places API: the state, the answers, the documents. */

/** The season of `ciclo`; without it, the one the server opens on (the cycle whose offers are still open). */
export function fetchPlazas(ciclo: string | null, signal?: AbortSignal) {
  const query = ciclo ? `?ciclo=${encodeURIComponent(ciclo)}` : '';
  return apiRequest(`/api/plazas${query}`, { schema: ZPlazasEstado, ...(signal ? { signal } : {}) });
}

export function enviarRespuesta(id: string, body: TRespuestaBody) {
  return apiRequest(`/api/plazas/${encodeURIComponent(id)}/respuesta`, {
    method: 'POST',
    body,
    schema: ZRespuestaResponse,
  });
}

/** An administrator's new deadline for one open offer (PUT /api/plazas/{id}/plazo). */
export function cambiarPlazo(id: string, body: TPlazoBody) {
  return apiRequest(`/api/plazas/${encodeURIComponent(id)}/plazo`, { method: 'PUT', body, schema: ZPlazaOferta });
}

export const DOCUMENTOS = [
  { path: 'adenda.pdf', label: 'Adenda al acta (PDF)' },
  { path: 'nomina.pdf', label: 'Nómina de ingresos (PDF)' },
  { path: 'nomina.xlsx', label: 'Nómina de ingresos (Excel)' },
  { path: 'suplentes.pdf', label: 'Suplentes actuales (PDF)' },
  { path: 'suplentes.xlsx', label: 'Suplentes actuales (Excel)' },
  { path: 'registro.json', label: 'Registro para verificar (JSON)' },
] as const;

export async function descargar(path: string, ciclo: string): Promise<void> {
  const file = await apiDownload(`/api/plazas/${path}?ciclo=${encodeURIComponent(ciclo)}`);
  saveFile(file.blob, file.filename ?? path);
}
