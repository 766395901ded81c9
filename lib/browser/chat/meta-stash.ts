import type { StashedRun } from './stashed-runs';

/** Everything besides conversations that survives a reload. */
export interface StoredMeta {
  activeId: string | null;
  /** Unsent composer text per conversation id. */
  drafts: Record<string, string>;
  /** The model last picked: new conversations start with it. */
  lastModel: string | null;
  /**
   * The answers streaming when the page went away, by conversation (stashed-runs.ts). Read back
   * unchecked: each field is checked where it is used.
   */
  running?: Readonly<Record<string, Partial<StashedRun> | undefined>>;
}

/**
 * A synchronous place for the last moment's meta (drafts, active conversation, last model): an
 * IndexedDB write started while a page unloads is aborted with the page, so what changed in the
 * last half second before a reload (a draft being typed) is written here instead, and read back —
 * ahead of the database's older copy — on the next load.
 */
export interface MetaStash {
  write(meta: StoredMeta): void;
  /** What was stashed (unvalidated), or null. */
  read(): unknown;
  clear(): void;
}

/** A stash in Web Storage (`localStorage`): synchronous, small, survives a reload. */
export function createStorageStash(storage: () => Storage, key: string): MetaStash {
  // Storage can be missing or throw (private mode, blocked storage): the stash then does nothing.
  const attempt = <T>(op: (s: Storage) => T, fallback: T): T => {
    try {
      return op(storage());
    } catch {
      return fallback;
    }
  };
  return {
    write: (meta) => attempt((s) => s.setItem(key, JSON.stringify(meta)), undefined),
    read: () =>
      attempt((s) => {
        const text = s.getItem(key);
        return text === null ? null : (JSON.parse(text) as unknown);
      }, null),
    clear: () => attempt((s) => s.removeItem(key), undefined),
  };
}
