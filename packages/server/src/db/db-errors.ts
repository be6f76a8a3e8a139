/**
 * A unique-index or primary-key violation, as either driver reports it (PostgreSQL's SQLSTATE 23505,
 * better-sqlite3's extended codes): a concurrent write that slipped past a service's pre-check, answered 409.
 */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
