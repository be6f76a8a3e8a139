import { errorMessage } from '../../../lib/api-client.ts';
import { classifySaveError } from '../save-errors.ts';
import { OUTBOX_MSG } from './outbox-messages.ts';
import type { OutboxChanges, OutboxItem, OutboxStatus } from './outbox-storage.ts';
import type { OutboxRecord, OutboxTransport } from './outbox-types.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/**
 * Sending one item of the outbox (outbox.ts) and what the answer does to the queue: sent (removed, its version
 * handed to the next item of its record), blocked (conflict or rejected, with the rest of its record's chain),
 * to retry later (the server is unreachable), or waiting for its owner's session.
 */

/** Records start at version 1 on the server: what a create produces. */
const FIRST_VERSION = 1;

export type SendOutcome<R> =
  | { kind: 'sent'; record: R; version: number }
  | { kind: 'blocked'; status: Exclude<OutboxStatus, 'pending'>; message: string }
  | { kind: 'retry'; message: string }
  /** The session ended: the queue waits until the same user logs in again (setOwner). */
  | { kind: 'session' };

/** Whether the server's record is exactly what this item wrote: its answer was lost, not its write. */
function isOwnWrite<R extends OutboxRecord>(
  transport: OutboxTransport<R>,
  item: OutboxItem,
  base: number,
  current: R,
): boolean {
  return (
    current.version === base + 1 && current.updatedBy === item.ownerName && transport.sameData(current, item.payload)
  );
}

export async function sendItem<R extends OutboxRecord>(
  item: OutboxItem,
  transport: OutboxTransport<R>,
): Promise<SendOutcome<R>> {
  let record: R;
  let version: number;
  try {
    if (item.kind === 'create') {
      // Idempotent: a retry (the first attempt may have arrived) answers with the same record.
      record = await transport.create(item.recordId, item.payload);
      version = FIRST_VERSION;
    } else if (item.baseVersion === null) {
      return { kind: 'blocked', status: 'conflict', message: OUTBOX_MSG.unknownBase };
    } else {
      const base = item.baseVersion;
      try {
        record = await transport.update(item.recordId, base, item.payload);
      } catch (error) {
        if (classifySaveError(error) !== 'stale') throw error;
        // Our own earlier attempt may have been saved and only its answer lost: then it is sent.
        const current = await transport.read(item.recordId);
        if (!isOwnWrite(transport, item, base, current)) {
          return { kind: 'blocked', status: 'conflict', message: errorMessage(error, OUTBOX_MSG.conflictDefault) };
        }
        record = current;
      }
      version = record.version;
    }
  } catch (error) {
    const failure = classifySaveError(error);
    if (failure === 'transient') return { kind: 'retry', message: errorMessage(error, AUTH_MSG.connectionService) };
    if (failure === 'session') return { kind: 'session' };
    return {
      kind: 'blocked',
      status: failure === 'stale' ? 'conflict' : 'rejected',
      message: errorMessage(error, OUTBOX_MSG.rejectedDefault),
    };
  }
  return { kind: 'sent', record, version };
}

/** The queue after `item` was sent: it goes, and the next pending item of its record gets `version`. */
export function afterSent(items: readonly OutboxItem[], item: OutboxItem, version: number): OutboxChanges<undefined> {
  if (!items.some((i) => i.key === item.key)) return { result: undefined };
  const next = items.find(
    (i) =>
      i.key !== item.key &&
      i.ownerId === item.ownerId &&
      i.recordId === item.recordId &&
      i.status === 'pending' &&
      i.seq > item.seq,
  );
  return {
    remove: [item.key],
    put: next && next.baseVersion === null ? [{ ...next, baseVersion: version }] : [],
    result: undefined,
  };
}

/** The queue with `item` and the later pending items of its record marked not sendable. */
export function blocked(
  items: readonly OutboxItem[],
  item: OutboxItem,
  status: Exclude<OutboxStatus, 'pending'>,
  message: string,
): OutboxChanges<undefined> {
  // Another tab may have sent it meanwhile: then there is nothing to mark.
  if (!items.some((i) => i.key === item.key && i.status === 'pending')) return { result: undefined };
  return {
    put: items
      .filter(
        (i) =>
          i.ownerId === item.ownerId && i.recordId === item.recordId && i.status === 'pending' && i.seq >= item.seq,
      )
      .map((i) => ({ ...i, status, message: i.key === item.key ? message : OUTBOX_MSG.blockedByEarlier })),
    result: undefined,
  };
}
