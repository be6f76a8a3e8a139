import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ZMessageResponse } from '@inscripciones/shared/users/user-schema.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { apiListQuery, type ListState } from './list-state.ts';
import { browserStorage, removeFromLastList, saveLastList } from './offline-cache.ts';

export const inscriptosQueryKey = ['inscriptos'] as const;

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
 * GET /api/inscriptos for a view (search, filters and pagination are the server's). While the next page
 * loads the previous one stays on screen; each successful answer becomes the browser's offline copy.
 */
export function useInscriptosList(state: ListState) {
  const query = apiListQuery(state);
  return useQuery({
    queryKey: [...inscriptosQueryKey, 'lista', query],
    queryFn: async ({ signal }) => {
      const data = await apiRequest(`/api/inscriptos?${query}`, { schema: ZInscriptoList, signal });
      saveLastList(browserStorage(), { query: state, savedAt: new Date().toISOString(), data });
      return data;
    },
    placeholderData: keepPreviousData,
    retry: retryList,
  });
}

/** DELETE /api/inscriptos/{id} (administrador). The record also leaves the offline copy (SPEC 7). */
export function useDeleteInscripto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: (_result, id) => {
      removeFromLastList(browserStorage(), id);
      return queryClient.invalidateQueries({ queryKey: inscriptosQueryKey });
    },
  });
}

/**
 * What this screen reads of POST /api/inscriptos/import/excel (SPEC 7: imported, skipped, message). The
 * server sends more (rejected rows and their reasons); unknown keys are ignored.
 */
export const ZImportCounts = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  message: z.string().optional(),
});

/** POST /api/inscriptos/import/excel: one multipart field, excelFile (SPEC 7). */
export function useImportExcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('excelFile', file);
      return apiRequest('/api/inscriptos/import/excel', { method: 'POST', body, schema: ZImportCounts });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inscriptosQueryKey }),
  });
}
