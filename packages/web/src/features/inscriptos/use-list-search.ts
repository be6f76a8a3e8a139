import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ListState } from './list-state.ts';

/**
 * Typing pauses this long before the search goes to the server: long enough to skip the letters of a word
 * typed at speed, short enough that the rows follow within 200 ms of the last key (issue 20, point 12;
 * bench/search-typing.ts). A superseded request is cancelled (react-query aborts its signal), and each
 * answer is kept under its own query, so an older one never replaces a newer one.
 */
export const SEARCH_DEBOUNCE_MS = 120;

type Update = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

/**
 * The search box: typed text goes to the address (and so to the server) after a pause. Refining a search
 * replaces the history entry; starting or clearing one adds an entry, so "back" returns to the list.
 */
export function useListSearch(q: string, update: Update) {
  const [draft, setDraft] = useState(q);
  const [urlQ, setUrlQ] = useState(q);
  const [pushedQ, setPushedQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    // Back/forward or a link changed the search (not this box): the box follows.
    if (q.trim() !== pushedQ.trim()) setDraft(q);
  }
  const pushSearch = useCallback(
    (text: string, replace: boolean) => {
      setPushedQ(text);
      update({ q: text, page: 1 }, { replace });
    },
    [update],
  );
  useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = window.setTimeout(
      () => pushSearch(draft, draft.trim() !== '' && q.trim() !== ''),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, q, pushSearch]);

  /** Enter searches at once. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== q.trim()) pushSearch(draft, false);
  };

  return { draft, setDraft, submit };
}
