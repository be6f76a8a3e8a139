import { ApiError } from '../../lib/api-client.ts';

/**
 * What a failed write means for the form and the outbox (decision 0010):
 * - transient: the server could not be reached or answered "try later" (network failure = status 0, 408,
 *   429, and 502/503/504, which a proxy gives while the server is down). The change is queued and retried.
 * - session: the session ended (401). The change is queued and sent after the same user logs in again.
 * - stale: someone else saved the record after it was read (409 STALE_VERSION). Never retried as is.
 * - invalid: the server refused the data and the user can fix it (400 validation, 409 CI already enrolled).
 * - failed: anything else (403, 404, 413, 500, an unreadable answer...). The server was reached, the data
 *   was not saved and retrying will not help by itself: the backup PDF is offered (SPEC 4).
 */
export type SaveFailure = 'transient' | 'session' | 'stale' | 'invalid' | 'failed';

const TRANSIENT_STATUS: ReadonlySet<number> = new Set([0, 408, 429, 502, 503, 504]);

export function classifySaveError(error: unknown): SaveFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (TRANSIENT_STATUS.has(error.status)) return 'transient';
  if (error.status === 401) return 'session';
  if (error.code === 'STALE_VERSION') return 'stale';
  if (error.status === 400 || (error.status === 409 && error.code === 'CONFLICT')) return 'invalid';
  return 'failed';
}
