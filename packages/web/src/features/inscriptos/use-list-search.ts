import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { listQueryOptions } from './inscriptos-api.ts';
import type { ListState } from './list-state.ts';

/**
 * The pause after a key before the search goes to the server when no answer is awaited: keys typed faster
 * than this (a paste, a held key) make one search; at human speed the rows follow the last key by little
 * more than the request and a render (the budget: < 200 ms median at 100,000 records;
 * bench/search-browser.ts, docs/decisions/0026).
 */
export const SEARCH_PAUSE_MS = 30;
/**
 * The pause for a search shorter than SEARCH_SHORT_LENGTH (a cleared box is not one): one or two letters have no trigrams and one or
 * two digits match thousands of CIs, so the server takes longest on what is seldom the search meant
 * (docs/decisions/0019). Longer than the pause between two keys of a word, so it goes only when the user
 * stops (or presses Enter).
 */
export const SEARCH_SHORT_PAUSE_MS = 300;
export const SEARCH_SHORT_LENGTH = 3;
/**
 * While an answer is awaited the next search waits for it (then SEARCH_PAUSE_MS), up to this long: an
 * aborted request still runs on the server, so one at a time keeps them from piling up there.
 */
export const SEARCH_BUSY_MAX_MS = 1000;

type Update = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

/**
 * The search box of the list showing `state`: typed text goes to the address (and so to the server) after a
 * pause, or once the answer awaited (`busy`: the list is fetching) has come. Refining a search replaces the
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
    const text = draft.trim();
    if (text === q.trim()) return;
    const short = text.length > 0 && text.length < SEARCH_SHORT_LENGTH;
    const pause = busy ? SEARCH_BUSY_MAX_MS : short ? SEARCH_SHORT_PAUSE_MS : SEARCH_PAUSE_MS;
    const timer = window.setTimeout(() => pushSearch(draft, text !== '' && q.trim() !== ''), pause);
    return () => window.clearTimeout(timer);
  }, [draft, q, pushSearch, busy]);

  /** Enter searches at once. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== q.trim()) pushSearch(draft, false);
  };

  return { draft, setDraft, submit };
}
