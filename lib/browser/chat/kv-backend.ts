import { createStore, del, entries, get, set, update, type UseStore } from 'idb-keyval';

/** The little key-value API persistence needs; IndexedDB in the browser, a Map elsewhere. */
export interface KvBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Reads and writes `key` as one step: no other tab's write can fall in between (one IndexedDB
   * readwrite transaction), so what `fn` merges with is what it replaces.
   */
  update(key: string, fn: (old: unknown) => unknown): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[string, unknown][]>;
}

/**
 * IndexedDB through idb-keyval (a well-kept wrapper: no hand-written IndexedDB code). Opening is
 * lazy, so a browser without IndexedDB fails on first use, where persistence falls back.
 */
export function createIdbBackend(dbName = 'runnel', storeName = 'kv'): KvBackend {
  let opened: UseStore | undefined;
  const store = () => (opened ??= createStore(dbName, storeName));
  return {
    get: (key) => get(key, store()),
    set: (key, value) => set(key, value, store()),
    update: (key, fn) => update(key, fn, store()),
    del: (key) => del(key, store()),
    entries: async () =>
      (await entries<IDBValidKey, unknown>(store())).map(([k, v]) => [String(k), v]),
  };
}

/** A Map-backed store: the fallback when IndexedDB is unavailable, and the tests' backend. */
export function createMemoryBackend(): KvBackend {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => {
      // Clone like IndexedDB does, so later mutations of the caller's object are not stored.
      map.set(key, structuredClone(value));
    },
    update: async (key, fn) => {
      map.set(key, structuredClone(fn(map.get(key))));
    },
    del: async (key) => {
      map.delete(key);
    },
    entries: async () => [...map.entries()],
  };
}
