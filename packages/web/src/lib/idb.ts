/**
 * A few promise helpers over IndexedDB (no dependency). Browser only: happy-dom has no IndexedDB, so code
 * that stores things keeps its storage behind an interface with an in-memory twin for tests.
 */

/** Whether this browser offers IndexedDB at all (some private modes and old embedded browsers do not). */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    return false;
  }
}

/**
 * Opens a database, creating or upgrading it with `upgrade` (run inside the version-change transaction).
 * The connection closes itself when another tab upgrades the database, so it never blocks that upgrade.
 */
export function openDatabase(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase, oldVersion: number) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name, version);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error(`No se pudo abrir la base local ${name}`));
    request.onblocked = () => reject(new Error(`La base local ${name} está bloqueada por otra pestaña`));
  });
}

/** The result of one request. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Error de la base local'));
  });
}

/** Resolves when the transaction commits; rejects when it fails or is aborted. */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('Error de la base local'));
    tx.onabort = () => reject(tx.error ?? new Error('Se canceló la operación en la base local'));
  });
}
