import { useMemo, useSyncExternalStore } from 'react';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { hasIndexedDb } from '../../../lib/idb.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { toFormValues, toPayload } from '../form-values.ts';
import { createInscripto, fetchInscripto, saveInscripto } from '../inscripto-api.ts';
import { Outbox } from './outbox.ts';
import { type OutboxSnapshot, type OutboxTransport } from './outbox-types.ts';
import { IndexedDbOutboxStorage, MemoryOutboxStorage, type OutboxItem } from './outbox-storage.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { duenoDeLaCola } from '../../../lib/escuela.ts';

/** The browser's outbox of enrolment saves (decision 0010): one per page, started on first use. */

const CHANNEL = 'inscripciones-outbox';
const LOCK = 'inscripciones-outbox';

/**
 * The data of a record or an API body, as the form would send it (hidden follow-ups blanked, empties
 * removed, numbers as text), without the official (the server may fix it for non-administrators).
 */
function comparableData(data: Readonly<Record<string, unknown>>): string {
  return stableStringify(toPayload(toFormValues(data), false));
}

const inscriptoTransport: OutboxTransport<TInscripto> = {
  create: (id, payload) => createInscripto(id, payload),
  update: (id, version, payload) => saveInscripto(id, version, payload, false),
  read: (id) => fetchInscripto(id),
  sameData: (record, payload) => comparableData(record) === comparableData(payload),
};

let instance: Outbox<TInscripto> | null = null;

/**
 * The outbox of this page. On first use it reads the stored items and starts sending those of the
 * logged-in user; it follows the session (another user's items wait for them), retries when the browser
 * says it is online again or the page becomes visible, and hears other tabs through a BroadcastChannel.
 */
export function inscriptoOutbox(): Outbox<TInscripto> {
  if (instance) return instance;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  // Web Locks exist only in secure contexts (HTTPS, localhost); elsewhere two tabs may both send, which the
  // idempotent create and the own-write check of a 409 make harmless.
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
  const outbox = new Outbox<TInscripto>({
    storage: hasIndexedDb() ? new IndexedDbOutboxStorage() : new MemoryOutboxStorage(),
    transport: inscriptoTransport,
    newKey: () => newId(),
    // request() resolves with what the callback returns, a promise flattened like any other.
    withLock: locks ? <T>(fn: () => Promise<T>) => locks.request(LOCK, fn) as unknown as Promise<T> : undefined,
    notifyOthers: channel ? () => channel.postMessage('cambio') : undefined,
  });
  instance = outbox;

  const syncOwner = () => {
    const session = getSession();
    outbox.setOwner(session ? { id: duenoDeLaCola(session.user), username: session.user.username } : null);
  };
  channel?.addEventListener('message', () => {
    void outbox.refresh().then(() => outbox.kick());
  });
  subscribeSession(syncOwner);
  window.addEventListener('online', () => outbox.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') outbox.kick();
  });
  void outbox
    .refresh()
    .catch((error: unknown) => console.error('Cola local: no se pudieron leer los cambios pendientes', error))
    .finally(syncOwner);
  return outbox;
}

/** What the logged-in user sees of the outbox. */
export interface OutboxView extends Omit<OutboxSnapshot, 'items'> {
  /** Their items waiting to be sent, in order. */
  pending: OutboxItem[];
  /** Their items that will not be sent as they are (conflict or rejected). */
  blocked: OutboxItem[];
}

function outboxView(snapshot: OutboxSnapshot, ownerId: string | null | undefined): OutboxView {
  const { items, ...rest } = snapshot;
  const mine = ownerId ? items.filter((i) => i.ownerId === ownerId) : [];
  return {
    ...rest,
    pending: mine.filter((i) => i.status === 'pending'),
    blocked: mine.filter((i) => i.status !== 'pending'),
  };
}

export function useOutboxView(outbox: Outbox<TInscripto>, ownerId: string | null | undefined): OutboxView {
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return useMemo(() => outboxView(snapshot, ownerId), [snapshot, ownerId]);
}

/** The pending items of one record. */
export function pendingOf(view: OutboxView, recordId: string | null): OutboxItem[] {
  return recordId ? view.pending.filter((i) => i.recordId === recordId) : [];
}
