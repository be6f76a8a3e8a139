/**
 * When the enrolment form holds typed data that would be lost. The form's payload at its
 * last save (or load) is the baseline; any difference from it is unsaved. A save queued in this browser's
 * outbox counts as saved: the outbox keeps it across leaving the page.
 */

/** The payload as a string that does not depend on key order (react-hook-form rebuilds objects freely). */
export function snapshotOf(payload: unknown): string {
  return JSON.stringify(payload, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

export function hasUnsavedChanges(baseline: string, payload: unknown): boolean {
  return snapshotOf(payload) !== baseline;
}

/**
 * A navigation leaves the form when it changes the path: the form's own replace navigations (clearing an
 * arrival's message, moving a new enrolment to its id once saved) keep or follow the record.
 */
export function leavesForm(current: { pathname: string }, next: { pathname: string }): boolean {
  return current.pathname !== next.pathname;
}

export const UNSAVED_MSG = {
  title: '¿Salir sin guardar?',
  text: 'Escribiste datos que todavía no se guardaron. Si salís ahora, se pierden.',
  stay: 'Seguir editando',
  leave: 'Salir sin guardar',
} as const;
