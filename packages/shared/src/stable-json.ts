/**
 * JSON with object keys sorted at every level, so equal values always serialise (and hash) alike: the audit
 * chain hashes it, an idempotent create compares a retry by it, and the browser's outbox compares a record
 * with a save by it. Lists keep their order; undefined values are left out, as JSON.stringify does.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
