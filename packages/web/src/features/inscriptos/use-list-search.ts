import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { listQueryOptions } from './inscriptos-api.ts';
import type { ListState } from './list-state.ts';

/**
 * Typing pauses this long before the search goes to the server while an earlier search is still awaited:
 * letters typed at speed are then skipped rather than piling up requests.
 */
export const SEARCH_DEBOUNCE_MS = 120;
/**
 * With no answer awaited, the search goes almost at once, so the rows follow the last key by little more
 * than the request and a render (issue 20, point 12: < 200 ms median at 100,000 records;
 * bench/search-browser.ts, docs/decisions/0026).
 */
export const SEARCH_IDLE_DEBOUNCE_MS = 30;
/**
 * A search shorter than this always waits the longer pause: one or two letters have no trigrams and one or
 * two digits match thousands of CIs, so the server takes longest on what is seldom the search meant
 * (docs/decisions/0019).
 */
export const SEARCH_SHORT_LENGTH = 3;

type Update = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

/**
 * The search box of the list showing `state`: typed text goes to the address (and so to the server) after a
 * pause, shorter when no answer is awaited (`busy`: the list is fetching). Refining a search replaces the
 * history entry; starting or clearing one adds an entry, so "back" returns to the list.
 */
export function useListSearch(state: ListState, update: Update, busy: boolean) {
  const { q } = state;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(q);
  const [urlQ, setUrlQ] = useState(q);
  const [pushedQ, setPushedQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    // Back/forward or a link changed the search (not this box): the box follows.
    if (q.trim() !== pushedQ.trim()) setDraft(q);
  }
  // The view as it is now, without restarting the pause each time the page renders.
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const pushSearch = useCallback(
    (text: string, replace: boolean) => {
      // The request starts now, not once the page has rendered the new address (it then finds it under way).
      void queryClient.prefetchQuery(listQueryOptions({ ...stateRef.current, q: text, page: 1 }));
      setPushedQ(text);
      update({ q: text, page: 1 }, { replace });
    },
    [update, queryClient],
  );
  useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = window.setTimeout(
      () => pushSearch(draft, draft.trim() !== '' && q.trim() !== ''),
      busy || draft.trim().length < SEARCH_SHORT_LENGTH ? SEARCH_DEBOUNCE_MS : SEARCH_IDLE_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, q, pushSearch, busy]);

  /** Enter searches at once. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== q.trim()) pushSearch(draft, false);
  };

  return { draft, setDraft, submit };
}
