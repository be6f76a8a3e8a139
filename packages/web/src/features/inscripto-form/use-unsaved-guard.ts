import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { hasUnsavedChanges, leavesForm, snapshotOf } from './unsaved-changes.ts';

/**
 * Asks before typed data is discarded: a navigation inside the app ("Cancelar", the sidebar, the browser's
 * back button) is held until the user answers (the blocker), and closing or reloading the tab gets the
 * browser's own question (beforeunload). `current` is read at the moment of leaving, so a save that just
 * moved the baseline is never asked about.
 */
export function useUnsavedGuard(current: () => unknown, enabled: boolean) {
  const baseline = useRef<string | null>(null);
  baseline.current ??= snapshotOf(current());
  const read = useRef(current);
  read.current = current;
  const on = useRef(enabled);
  on.current = enabled;

  const isDirty = useCallback(() => on.current && hasUnsavedChanges(baseline.current ?? '', read.current()), []);
  /** The data now on the server or in the outbox: the new baseline. */
  const markSaved = useCallback((payload: unknown) => {
    baseline.current = snapshotOf(payload);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => leavesForm(currentLocation, nextLocation) && isDirty(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    markSaved,
    isDirty,
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
