import { hasIndexedDb, openDatabase, requestResult, transactionDone } from '../../../lib/idb.ts';

/**
 * Where the outbox keeps its items (decision 0010). The outbox logic sees only this interface: the browser
 * uses IndexedDB (it survives reloads), tests and browsers without IndexedDB use the in-memory twin.
 */

export type OutboxStatus = 'pending' | 'conflict' | 'rejected';

/** One queued write of an enrolment: a section save that could not reach the server. */
export interface OutboxItem {
  /** Unique key of the item (a UUID). */
  key: string;
  /** Queue order: items are sent by ascending seq. */
  seq: number;
  /** Who queued it: only that user's session sends it, and only that user sees it. */
  ownerId: string;
  ownerName: string;
  /** The enrolment's id; for a create, the id chosen by the browser (the create is idempotent by it). */
  recordId: string;
  kind: 'create' | 'update';
  /**
   * update: the version the change is based on (sent as `version`). null: "the version the previous item of
   * the same record produces" — filled in when that item is sent. Unused for a create.
   */
  baseVersion: number | null;
  /** The API body (server field names, empties removed): the whole form as it was saved. */
  payload: Record<string, unknown>;
  /** The section whose "Siguiente" queued it (null: "Finalizar" without connection). */
  section: number | null;
  queuedAt: string;
  /**
   * pending: waiting to be sent. conflict: the record changed on the server since (409), never retried.
   * rejected: the server refused it (validation, permissions...); kept until the user retries or discards.
   */
  status: OutboxStatus;
  /** Why it is not pending (the server's message). */
  message: string | null;
}

/** What an atomic update writes. */
export interface OutboxChanges<T> {
  put?: OutboxItem[];
  remove?: string[];
  result: T;
}

export interface OutboxStorage {
  /** false when the items live in memory only (lost on reload). */
  readonly persistent: boolean;
  /** Every stored item, in queue order. */
  list(): Promise<OutboxItem[]>;
  /**
   * Reads the items and writes what `plan` returns as one atomic step (one IndexedDB transaction, so
   * other tabs never see half of it). `plan` must be synchronous.
   */
  update<T>(plan: (items: readonly OutboxItem[]) => OutboxChanges<T>): Promise<T>;
}

const byQueueOrder = (a: OutboxItem, b: OutboxItem) => a.seq - b.seq || a.key.localeCompare(b.key);

/** Items in memory, copied in and out like IndexedDB does (no shared references). */
export class MemoryOutboxStorage implements OutboxStorage {
  readonly persistent: boolean = false;
  private readonly items = new Map<string, OutboxItem>();

  private read(): OutboxItem[] {
    return [...this.items.values()].map((item) => structuredClone(item)).sort(byQueueOrder);
  }

  async list(): Promise<OutboxItem[]> {
    return this.read();
  }

  /** Read and write in one synchronous step: atomic, like one IndexedDB transaction. */
  async update<T>(plan: (items: readonly OutboxItem[]) => OutboxChanges<T>): Promise<T> {
    const changes = plan(this.read());
    for (const key of changes.remove ?? []) this.items.delete(key);
    for (const item of changes.put ?? []) this.items.set(item.key, structuredClone(item));
    return changes.result;
  }
}

const DB_NAME = 'inscripciones-outbox';
const DB_VERSION = 1;
const STORE = 'items';

/**
 * The browser's outbox: one object store keyed by `key`. When IndexedDB cannot be opened (blocked,
 * unsupported), it falls back to memory and says so through `persistent`.
 */
export class IndexedDbOutboxStorage implements OutboxStorage {
  private db: Promise<IDBDatabase | null> | null = null;
  private readonly memory = new MemoryOutboxStorage();
  private usingMemory = false;

  get persistent(): boolean {
    return !this.usingMemory;
  }

  private open(): Promise<IDBDatabase | null> {
    this.db ??= (async () => {
      if (!hasIndexedDb()) throw new Error('Este navegador no tiene IndexedDB');
      return openDatabase(DB_NAME, DB_VERSION, (db) => {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'key' });
      });
    })().catch((error: unknown) => {
      console.warn('Cola local sin IndexedDB: los cambios pendientes se guardan solo en memoria.', error);
      this.usingMemory = true;
      return null;
    });
    return this.db;
  }

  async list(): Promise<OutboxItem[]> {
    const db = await this.open();
    if (!db) return this.memory.list();
    const tx = db.transaction(STORE, 'readonly');
    const items = await requestResult(tx.objectStore(STORE).getAll());
    return (items as OutboxItem[]).sort(byQueueOrder);
  }

  async update<T>(plan: (items: readonly OutboxItem[]) => OutboxChanges<T>): Promise<T> {
    const db = await this.open();
    if (!db) return this.memory.update(plan);
    const tx = db.transaction(STORE, 'readwrite');
    const done = transactionDone(tx);
    const store = tx.objectStore(STORE);
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | null = null;
    const read = store.getAll();
    // Everything happens inside the request's callback, while the transaction is certainly active.
    read.onsuccess = () => {
      try {
        const changes = plan((read.result as OutboxItem[]).sort(byQueueOrder));
        for (const key of changes.remove ?? []) store.delete(key);
        for (const item of changes.put ?? []) store.put(item);
        outcome = { ok: true, value: changes.result };
      } catch (error) {
        outcome = { ok: false, error };
        tx.abort();
      }
    };
    try {
      await done;
    } catch (error) {
      const failed = outcome as { ok: false; error: unknown } | null;
      throw failed && !failed.ok ? failed.error : error;
    }
    const result = outcome as { ok: true; value: T } | null;
    if (!result?.ok) throw new Error('La base local no devolvió resultado');
    return result.value;
  }
}
