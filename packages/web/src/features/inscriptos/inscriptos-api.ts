import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ZImportResult, type TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { ZMessageResponse } from '@inscripciones/shared/users/user-schema.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { apiListQuery, type ListState } from './list-state.ts';
import { browserStorage, removeFromLastList, saveLastList } from './offline-cache.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Client errors (4xx) do not get better by retrying. A network failure is retried once, so the offline
 * copy shows after about a second rather than after the default three tries.
 */
function retryList(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status >= 400 && error.status < 500) return false;
    if (error.isNetworkError) return failureCount < 1;
  }
  return failureCount < 2;
}

/**
 * GET /api/inscriptos for a view (search, filters and pagination are the server's); each successful answer
 * becomes the browser's offline copy. Each answer is kept under its own view's key, and a view nobody shows
 * any more has its request aborted: an older answer never replaces a newer one.
 */
export function listQueryOptions(state: ListState) {
  const query = apiListQuery(state);
  return queryOptions({
    queryKey: queryKeys.inscriptosLista(query),
    queryFn: async ({ signal }) => {
      const data = await apiRequest(`/api/inscriptos?${query}`, { schema: ZInscriptoList, signal });
      saveLastList(browserStorage(), { query: state, savedAt: new Date().toISOString(), data });
      return data;
    },
    retry: retryList,
  });
}

/** The list for a view; while the next page or search loads, the previous one stays on screen. */
export function useInscriptosList(state: ListState) {
  return useQuery({ ...listQueryOptions(state), placeholderData: keepPreviousData });
}

/** DELETE /api/inscriptos/{id} (administrador). The record also leaves the offline copy (SPEC 7). */
export function useDeleteInscripto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: (_result, id) => {
      removeFromLastList(browserStorage(), id);
      return queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
    },
  });
}

/**
 * POST /api/inscriptos/import/excel: one multipart field, excelFile (SPEC 7). With `simular` it is the
 * "vista previa" (?simular=true): the same ZImportResult, nothing written.
 */
function postImportExcel(file: File, options: { simular?: boolean } = {}): Promise<TImportResult> {
  const body = new FormData();
  body.append('excelFile', file);
  const path = `/api/inscriptos/import/excel${options.simular ? '?simular=true' : ''}`;
  return apiRequest(path, { method: 'POST', body, schema: ZImportResult });
}

/** The import dialog's "Vista previa": nothing changes on the server, so nothing reloads. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (file: File) => postImportExcel(file, { simular: true }) });
}

/** The real import; the list (every view of it) reloads afterwards. */
export function useImportExcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postImportExcel(file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos }),
  });
}
