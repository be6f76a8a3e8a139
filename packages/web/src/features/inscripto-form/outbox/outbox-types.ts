import type { OutboxItem, OutboxStorage } from './outbox-storage.ts';

/** The outbox's contract (outbox.ts): its storage, its transport to the server, its owner and what it shows. */

/** What the server answers for a write: at least the id and the new version. */
export interface OutboxRecord {
  id: string;
  version: number;
  updatedBy?: string;
}

export interface OutboxTransport<R extends OutboxRecord> {
  create(id: string, payload: Record<string, unknown>): Promise<R>;
  update(id: string, version: number, payload: Record<string, unknown>): Promise<R>;
  read(id: string): Promise<R>;
  /** Whether `record` holds exactly the data of `payload` (to recognise our own write after a lost answer). */
  sameData(record: R, payload: Record<string, unknown>): boolean;
}

export interface OutboxOwner {
  id: string;
  username: string;
}

export interface EnqueueInput {
  owner: OutboxOwner;
  recordId: string;
  /** create: not on the server yet (recordId is the browser's id); update: it is, at `version`. */
  kind: 'create' | 'update';
  version: number | null;
  payload: Record<string, unknown>;
  section: number | null;
}

/** An item that reached the server: `version` is the version that item produced. */
export interface SentEvent<R> {
  item: OutboxItem;
  record: R;
  version: number;
}

export interface OutboxSnapshot {
  /** The stored items have been read once. */
  ready: boolean;
  persistent: boolean;
  /** Every stored item (all users), in queue order. */
  items: readonly OutboxItem[];
  sending: boolean;
  /** When the next automatic attempt is due (epoch ms), after a failed one. */
  retryAt: number | null;
  /** Why the last attempt could not reach the server. */
  lastError: string | null;
}

export interface OutboxOptions<R extends OutboxRecord> {
  storage: OutboxStorage;
  transport: OutboxTransport<R>;
  newKey: () => string;
  now?: () => Date;
  /** Runs `fn` after `ms`; returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
  random?: () => number;
  /** Keeps two tabs from sending at the same time (Web Locks where available). */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Tells other tabs that the stored items changed. */
  notifyOthers?: () => void;
}
