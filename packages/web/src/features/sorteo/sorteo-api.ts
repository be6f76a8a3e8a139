import type { TFuenteValorPublico } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { z } from 'zod';
import {
  ZActaResumen,
  ZParticipantesPublicos,
  ZPreflight,
  type TSorteoEndBody,
  ZSorteoConfirmResponse,
  ZSorteoEndResponse,
  ZSorteoNext,
  ZSorteoParticipants,
  ZSorteoStartResponse,
  ZSorteoStatus,
  type TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { apiDownload, apiRequest } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * Calls of the raffle screen (SPEC 7 "Raffle", docs/decisions/0008 "API"). Reading is public; the controls
 * and the actas need an administrator's session (the API client sends it when there is one).
 */

export const SORTEO_EVENTOS_URL = '/api/sorteo/eventos';

/** What the public board shows: status and lists, read without a session (as the live events carry them). */
export async function fetchTablero(signal?: AbortSignal): Promise<TSorteoTablero> {
  const [status, participants] = await Promise.all([
    apiRequest('/api/sorteo/status', { schema: ZSorteoStatus, auth: false, signal }),
    apiRequest('/api/sorteo/participants', { schema: ZSorteoParticipants, auth: false, signal }),
  ]);
  return { status, participants };
}

/** The lists with the administrator's session: each line also has its stage and position. */
export function fetchAdminParticipants(signal?: AbortSignal) {
  return apiRequest('/api/sorteo/participants', { schema: ZSorteoParticipants, signal });
}

export interface StartInput {
  plazasNenas: number;
  plazasVarones: number;
  /** Where the public value comes from and in which form, declared before any value (0027). */
  fuenteValorPublico: TFuenteValorPublico;
  confirmarNuevo?: boolean;
  /** Starts although possible duplicates are open: the written reason goes into the acta. */
  motivoDuplicados?: string;
}

/** Before starting: who takes part, who not and why, open duplicate pairs. */
export function fetchPreflight(signal?: AbortSignal) {
  return apiRequest('/api/sorteo/preflight', { schema: ZPreflight, signal });
}

/** The frozen list, public from the start: number and initials in the order whose hash the board shows. */
export function fetchParticipantesPublicos(signal?: AbortSignal) {
  return apiRequest('/api/sorteo/participantes-publicos', { schema: ZParticipantesPublicos, auth: false, signal });
}

/** The public acta as it was stored: the verifier checks its shape itself. */
export function fetchActaPublica(id: string, signal?: AbortSignal): Promise<unknown> {
  return apiRequest(`/api/sorteo/actas/${encodeURIComponent(id)}/acta-publica.json`, {
    schema: z.unknown(),
    auth: false,
    signal,
  });
}

/** "Lista de participantes" PDF, for the witnesses to sign before the public value. */
export async function downloadListaParticipantes(anio: number): Promise<void> {
  const { blob, filename } = await apiDownload('/api/sorteo/lista-participantes.pdf');
  saveFile(blob, filename ?? `lista_participantes_${anio}.pdf`);
}

export function startSorteo(input: StartInput) {
  return apiRequest('/api/sorteo/start', { method: 'POST', body: input, schema: ZSorteoStartResponse });
}

export function saveValorPublico(valor: { valor: string; origen: string }) {
  return apiRequest('/api/sorteo/valor-publico', { method: 'POST', body: valor, schema: ZSorteoStatus });
}

/** The draw on screen (the same until confirmed). The first call fixes the plan: the public value closes. */
export function fetchNext(signal?: AbortSignal) {
  return apiRequest('/api/sorteo/next', { method: 'POST', schema: ZSorteoNext, signal });
}

export function confirmSorteo(numeroInscripcion: number, index: number) {
  return apiRequest('/api/sorteo/confirm', {
    method: 'POST',
    body: { participante: { numeroInscripcion }, index },
    schema: ZSorteoConfirmResponse,
  });
}

/** Finalises after the last draw (notary and witnesses for the acta), or annuls before it (`motivo`). */
export function endSorteo(body: TSorteoEndBody) {
  return apiRequest('/api/sorteo/end', { method: 'POST', body, schema: ZSorteoEndResponse });
}

export function fetchActas(signal?: AbortSignal) {
  return apiRequest('/api/sorteo/actas', { schema: z.array(ZActaResumen), signal });
}

export type ActaArchivo = 'acta.pdf' | 'acta.json' | 'resultados.xlsx';

/** Downloads one file of an archived raffle under the server's name (Content-Disposition). */
export async function downloadActa(id: string, archivo: ActaArchivo, anio: number): Promise<void> {
  const { blob, filename } = await apiDownload(`/api/sorteo/actas/${encodeURIComponent(id)}/${archivo}`);
  const fallback =
    archivo === 'resultados.xlsx' ? `resultados_sorteo_${anio}.xlsx` : `acta_sorteo_${anio}.${archivo.split('.')[1]}`;
  saveFile(blob, filename ?? fallback);
}
