import type { OutboxItem, OutboxStatus } from './outbox-storage.ts';
import type {
  EnqueueInput,
  OutboxOptions,
  OutboxOwner,
  OutboxRecord,
  OutboxSnapshot,
  SentEvent,
} from './outbox-types.ts';
import { afterSent, blocked, sendItem } from './outbox-send.ts';

/**
 * The offline outbox (decision 0010): section saves that could not reach the server wait here and are sent
 * one at a time, in the order they were made, when the server answers again.
 *
 * - A queued create keeps the id the browser chose, so a retry never makes a second record.
 * - A queued update carries the version it was based on. Consecutive saves of one record are chained: the
 *   later one waits with baseVersion null and gets the version the earlier one produced, in the same atomic
 *   storage step that removes the earlier one.
 * - 409 STALE_VERSION is never retried as is. Only when the server's record is exactly what this item wrote
 *   (its answer was lost) does it count as sent; otherwise the item and the rest of its record's chain are
 *   marked "conflict" and wait for the user.
 * - Network failures stop the queue and retry with exponential backoff; the owner's session is required.
 */

const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Exponential backoff, 1 s doubling up to 30 s, with up to 20 % taken off so browsers do not retry in step. */
export function retryDelay(failures: number, random: number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (1 - 0.2 * random));
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

export class Outbox<R extends OutboxRecord> {
  private snapshot: OutboxSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(event: SentEvent<R>) => void>();
  private readonly sent = new Map<string, SentEvent<R>>();
  private owner: OutboxOwner | null = null;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly options: OutboxOptions<R>;

  constructor(options: OutboxOptions<R>) {
    this.options = options;
    this.snapshot = {
      ready: false,
      persistent: options.storage.persistent,
      items: [],
      sending: false,
      retryAt: null,
      lastError: null,
    };
  }

  // ------------------------------------------------------------ observing

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Called after each item reaches the server. */
  onSent(listener: (event: SentEvent<R>) => void): () => void {
    this.sentListeners.add(listener);
    return () => {
      this.sentListeners.delete(listener);
    };
  }

  /** The last item of this record sent by this tab (a form that mounted after the event reads it here). */
  lastSent(recordId: string): SentEvent<R> | undefined {
    return this.sent.get(recordId);
  }

  private publish(partial: Partial<OutboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...partial, persistent: this.options.storage.persistent };
    for (const listener of this.listeners) listener();
  }

  /** Reads the stored items again (first load, or another tab changed them). */
  async refresh(): Promise<void> {
    const items = await this.options.storage.list();
    this.publish({ ready: true, items });
  }

  private async changed(): Promise<void> {
    await this.refresh();
    this.options.notifyOthers?.();
  }

  // ------------------------------------------------------------ commands

  /** The session's user: only their items are sent, with their session. null pauses the queue. */
  setOwner(owner: OutboxOwner | null): void {
    const same = owner?.id === this.owner?.id && owner?.username === this.owner?.username;
    this.owner = owner;
    if (same) return;
    this.failures = 0;
    this.clearRetry();
    if (owner) void this.drain();
  }

  /**
   * Queues a write. When the record already has pending items, the new one is chained after them (an
   * update based on what the previous one produces), whatever `kind` says.
   */
  async enqueue(input: EnqueueInput): Promise<OutboxItem> {
    const now = (this.options.now ?? (() => new Date()))();
    const item = await this.options.storage.update((items) => {
      const chained = items.some(
        (i) => i.ownerId === input.owner.id && i.recordId === input.recordId && i.status === 'pending',
      );
      const kind = chained ? 'update' : input.kind;
      if (kind === 'update' && !chained && input.version === null) {
        throw new Error('Una actualización necesita la versión en que se basa');
      }
      const lastSeq = items.reduce((max, i) => Math.max(max, i.seq), 0);
      const queued: OutboxItem = {
        key: this.options.newKey(),
        seq: Math.max(now.getTime(), lastSeq + 1),
        ownerId: input.owner.id,
        ownerName: input.owner.username,
        recordId: input.recordId,
        kind,
        baseVersion: kind === 'update' && !chained ? input.version : null,
        payload: input.payload,
        section: input.section,
        queuedAt: now.toISOString(),
        status: 'pending',
        message: null,
      };
      return { put: [queued], result: queued };
    });
    await this.changed();
    this.kick();
    return item;
  }

  /** Tries to send now (a new item, the 'online' event, the page becoming visible). */
  kick(): void {
    this.clearRetry();
    void this.drain();
  }

  /** "Reintentar ahora": tries now and restarts the backoff. */
  retryNow(): void {
    this.failures = 0;
    this.kick();
  }

  /** Sends the refused items of a record again (after the cause was fixed). Conflicts are never resent. */
  async retryRejected(ownerId: string, recordId: string): Promise<void> {
    await this.options.storage.update((items) => ({
      put: items
        .filter((i) => i.ownerId === ownerId && i.recordId === recordId && i.status === 'rejected')
        .map((i) => ({ ...i, status: 'pending' as const, message: null })),
      result: undefined,
    }));
    await this.changed();
    this.retryNow();
  }

  /** Drops the items of a record that will not be sent (conflict or rejected). Pending ones stay. */
  async discard(ownerId: string, recordId: string): Promise<void> {
    await this.options.storage.update((items) => ({
      remove: items
        .filter((i) => i.ownerId === ownerId && i.recordId === recordId && i.status !== 'pending')
        .map((i) => i.key),
      result: undefined,
    }));
    await this.changed();
  }

  /** Resolves when the sender has stopped (nothing to send, or waiting for a retry). */
  async whenIdle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  // ------------------------------------------------------------ sending

  private clearRetry(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    if (this.snapshot.retryAt !== null) this.publish({ retryAt: null });
  }

  private scheduleRetry(message: string): void {
    this.failures += 1;
    const delay = retryDelay(this.failures, (this.options.random ?? Math.random)());
    this.cancelRetry?.();
    const schedule = this.options.schedule ?? defaultSchedule;
    this.cancelRetry = schedule(() => {
      this.cancelRetry = null;
      void this.drain();
    }, delay);
    const now = (this.options.now ?? (() => new Date()))().getTime();
    this.publish({ lastError: message, retryAt: now + delay });
  }

  /** One sender at a time; a call while it runs makes it look again before it stops. */
  private drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          const { withLock } = this.options;
          await (withLock ? withLock(() => this.sendAll()) : this.sendAll());
          // A kick arrived meanwhile (a new item, 'online', "Reintentar ahora"): look again now, not after
          // the backoff that an attempt started before it may have set.
          if (this.again) this.clearRetry();
        } while (this.again);
      } catch (error) {
        // The local storage failed: try again later rather than spin.
        console.error('Cola local: error al enviar los cambios pendientes', error);
        this.scheduleRetry(error instanceof Error ? error.message : String(error));
      } finally {
        this.draining = null;
        this.publish({ sending: false });
      }
    };
    this.draining = run();
    return this.draining;
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      const owner = this.owner;
      if (!owner) return;
      const items = await this.options.storage.list();
      this.publish({ ready: true, items });
      const item = items.find((i) => i.ownerId === owner.id && i.status === 'pending');
      if (!item) {
        this.failures = 0;
        this.publish({ lastError: null });
        return;
      }
      this.publish({ sending: true });
      if (!(await this.sendOne(item))) return;
    }
  }

  /** Sends one item; false stops the queue (server unreachable, or no session). */
  private async sendOne(item: OutboxItem): Promise<boolean> {
    if (this.owner?.id !== item.ownerId) return false;
    const outcome = await sendItem(item, this.options.transport);
    switch (outcome.kind) {
      case 'sent':
        await this.complete(item, outcome.record, outcome.version);
        return true;
      case 'blocked':
        await this.block(item, outcome.status, outcome.message);
        return true;
      case 'retry':
        this.scheduleRetry(outcome.message);
        return false;
      case 'session':
        return false;
    }
  }

  /** Removes a sent item and hands the version it produced to the next item of the same record. */
  private async complete(item: OutboxItem, record: R, version: number): Promise<void> {
    await this.options.storage.update((items) => afterSent(items, item, version));
    this.failures = 0;
    const event: SentEvent<R> = { item, record, version };
    this.sent.set(item.recordId, event);
    // Listeners first: a form learns the new version before it sees its record's queue empty.
    for (const listener of this.sentListeners) listener(event);
    await this.changed();
  }

  /** Marks the item and the later pending items of its record (they were built on it) as not sendable. */
  private async block(item: OutboxItem, status: Exclude<OutboxStatus, 'pending'>, message: string): Promise<void> {
    await this.options.storage.update((items) => blocked(items, item, status, message));
    await this.changed();
  }
}
