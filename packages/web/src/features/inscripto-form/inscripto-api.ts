import { useQuery } from '@tanstack/react-query';
import { ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import {
  ZCiCheckResponse,
  ZFuncionarioList,
  ZInscripto,
  type TInscripto,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import { apiDownload, apiPostDownload, apiRequest } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import type { CiCheckState } from './form-ui.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The calls of the enrolment form (SPEC 7 "Enrolments"). */

const path = (id: string) => `/api/inscriptos/${encodeURIComponent(id)}`;

export async function fetchInscripto(id: string, signal?: AbortSignal): Promise<TInscripto> {
  return (await apiRequest(path(id), { schema: ZInscripto, signal })) as TInscripto;
}

export function useInscripto(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inscripto(id ?? ''),
    queryFn: ({ signal }) => fetchInscripto(id!, signal),
    enabled: !!id,
    // The form is filled from a fresh read (its version is what a save sends back): nothing is kept once
    // the page is left, so coming back reads again.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/inscriptos with a client-chosen id: a retried create returns the same record. */
export async function createInscripto(id: string, body: Record<string, unknown>): Promise<TInscripto> {
  return (await apiRequest('/api/inscriptos', {
    method: 'POST',
    body: { ...body, id },
    schema: ZInscripto,
  })) as TInscripto;
}

/** PUT (section save, always pendiente) or POST …/finalizar; both carry the version last read. */
export async function saveInscripto(
  id: string,
  version: number,
  body: Record<string, unknown>,
  finalizar: boolean,
): Promise<TInscripto> {
  return (await apiRequest(finalizar ? `${path(id)}/finalizar` : path(id), {
    method: finalizar ? 'POST' : 'PUT',
    body: { ...body, version },
    schema: ZInscripto,
  })) as TInscripto;
}

/** SPEC 2 "Exportar PDF": inscripcion_{número, or the id if none}.pdf, as the server names it. */
function inscriptoPdfName(id: string, numeroInscripcion: number | null): string {
  return `inscripcion_${numeroInscripcion ?? id}.pdf`;
}

/** GET /api/inscriptos/export/pdf?id= (SPEC 7), saved under the server's name (or the same name built here). */
export async function downloadInscriptoPdf(id: string, numeroInscripcion: number | null): Promise<void> {
  const { blob, filename } = await apiDownload(`/api/inscriptos/export/pdf?${new URLSearchParams({ id }).toString()}`);
  saveFile(blob, filename ?? inscriptoPdfName(id, numeroInscripcion));
}

/**
 * SPEC 4 and 7: POST /api/inscriptos/export/pdf-backup with the form's data, a PDF marked "COPIA DE
 * RESPALDO" saved as the server names it (respaldo_inscripcion_{fecha-hora}.pdf).
 */
export async function downloadBackupPdf(formData: Record<string, unknown>): Promise<void> {
  const { blob, filename } = await apiPostDownload('/api/inscriptos/export/pdf-backup', { formData });
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  saveFile(blob, filename ?? `respaldo_inscripcion_${stamp}.pdf`);
}

/**
 * SPEC 5: once 8 digits are entered the CI is checked against the other enrolments. A failure of the check
 * (network or server) counts as valid: the server refuses a real duplicate on save anyway.
 */
export function useCiCheck(ci: string, excluir: string | null): CiCheckState {
  const enabled = /^\d{8}$/.test(ci) && ciError(ci) === null;
  const query = useQuery({
    queryKey: queryKeys.verificarCi(ci, excluir),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ci });
      if (excluir) params.set('excluir', excluir);
      return apiRequest(`/api/inscriptos/verificar-ci?${params.toString()}`, { schema: ZCiCheckResponse, signal });
    },
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  if (!enabled) return { duplicate: null, anteriores: [], checking: false };
  const data = query.data;
  return {
    duplicate: data?.duplicado ? (data.mensaje ?? null) : null,
    anteriores: data?.anteriores.map((a) => a.mensaje) ?? [],
    checking: query.isPending && query.fetchStatus === 'fetching',
  };
}

/** Administrators choose the enrolling official among the users (SPEC 2): loaded once. */
export function useFuncionarios(enabled: boolean) {
  return useQuery({
    // Under the 'users' prefix (lib/query-keys.ts): a change on the users screen invalidates it too.
    queryKey: queryKeys.funcionarios,
    queryFn: ({ signal }) => apiRequest('/api/inscriptos/funcionarios', { schema: ZFuncionarioList, signal }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
