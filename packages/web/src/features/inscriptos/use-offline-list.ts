import { useMemo, useState } from 'react';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import type { useInscriptosList } from './inscriptos-api.ts';
import { sameListState, type ListState } from './list-state.ts';
import { browserStorage, readLastList } from './offline-cache.ts';
import { pageCount } from './pagination.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * What the table shows: this view's answer (or, while it loads, the previous one); when the server cannot
 * be reached and nothing is in memory, the browser's copy of the last list (SPEC 7). Once offline, the copy
 * stays on screen while another page or search is tried, until one loads.
 */
export function useOfflineList(list: ReturnType<typeof useInscriptosList>, state: ListState) {
  const networkDown = list.isError && list.error instanceof ApiError && list.error.isNetworkError;
  const [offline, setOffline] = useState(false);
  if (networkDown && !offline) setOffline(true);
  if (offline && list.isSuccess && !list.isPlaceholderData) setOffline(false);
  const useCopy = (!list.data || list.isPlaceholderData) && (networkDown || (offline && list.isFetching));
  // Nothing loads while offline, so the stored copy cannot change until useCopy turns false again.
  const cached = useMemo(() => (useCopy ? readLastList(browserStorage()) : null), [useCopy]);
  const shown: TInscriptoList | null = cached?.data ?? list.data ?? null;
  const shownFilters: ListState = cached ? cached.query : state;
  return {
    shown,
    shownFilters,
    /** The copy (or a list kept in memory) is shown because the server cannot be reached. */
    showOffline: !!shown && (!!cached || networkDown),
    /** The shown list answers other filters or another page than the address asks for. */
    otherView: !!shown && !sameListState({ ...shownFilters, page: shown.page }, state),
    pages: shown ? pageCount(shown.total, shown.pageSize) : 1,
    /** This view's own answer, once it arrived. */
    fresh: list.data && !list.isPlaceholderData && !list.isError ? list.data : null,
    savedAt: cached ? cached.savedAt : new Date(list.dataUpdatedAt).toISOString(),
    failure: networkDown ? AUTH_MSG.connectionClient : errorMessage(list.error, INSCRIPTO_MSG.listLoadFailed),
  };
}
