import type { Conversation } from './conversation';
import { createMemoryBackend, type KvBackend } from './kv-backend';
import type { MetaStash, StoredMeta } from './meta-stash';

export type Reader = typeof import('./stored-conversation').readConversation;

/** How long code that could not be loaded (offline, a server restarting) waits to be retried. */
export const RETRY_LOAD_MS = 3000;

/**
 * `load()` until it succeeds: code that could not be loaded is tried again a few seconds later. A
 * part of the page's code that fails to load is not the storage failing, which would move the
 * page to memory for good (answers lost on reload) and blame the browser's storage.
 */
export const untilLoaded = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch(() =>
    new Promise((r) => setTimeout(r, RETRY_LOAD_MS)).then(() => untilLoaded(load)),
  );

let reader: Reader | null = null;
let loadingReader: Promise<Reader> | null = null;
/**
 * The reader of stored records, loaded when there is a record to read: a first visit, with nothing
 * stored, never needs it (docs/performance.md). Reading waits until it has loaded; one load, which
 * every caller waits for, however many ask while it is tried again.
 */
export const loadReader = (): Promise<Reader> =>
  (loadingReader ??= untilLoaded(() => import('./stored-conversation')).then(
    (m) => (reader = m.readConversation),
  ));

/** The reader once loaded, else null (a write that must not wait for it). */
export const loadedReader = (): Reader | null => reader;

/**
 * How a conversation is written: as it is (`kv.set`), or merged with the stored copy by the
 * writer of pages that other tabs write too (merged-persistence.ts).
 */
export type ConversationWriter = (kv: KvBackend, conversation: Conversation) => Promise<void>;

export interface ChatSnapshot {
  conversations: Conversation[];
  meta: StoredMeta;
}

/** Where the chat store keeps its state between visits. */
export interface ChatPersistence {
  load(): Promise<ChatSnapshot>;
  /** One conversation as stored now (another tab may have changed it), or null. */
  loadConversation?(id: string): Promise<Conversation | null>;
  /**
   * Saves a conversation — made by merged-persistence.ts, merged with the stored copy (another tab
   * may have written it since), so no message either tab added is lost.
   */
  saveConversation(conversation: Conversation): Promise<void>;
  deleteConversation(id: string): Promise<void>;
  saveMeta(meta: StoredMeta): Promise<void>;
  /** Keeps `meta` synchronously for the next load, when the page is about to go away. */
  stashMeta(meta: StoredMeta): void;
}

const EMPTY_META: StoredMeta = { activeId: null, drafts: {}, lastModel: null };

export const CONVERSATION_PREFIX = 'conversation:';
const META_KEY = 'meta';

/** A stored record as a conversation (any release's format), or null when it is not one. */
export function toConversation(read: Reader, value: unknown): Conversation | null {
  const result = read(value);
  return result.ok ? result.conversation : null;
}

function toMeta(value: unknown): StoredMeta {
  const v = (value ?? {}) as Partial<StoredMeta>;
  return {
    activeId: typeof v.activeId === 'string' ? v.activeId : null,
    drafts: v.drafts && typeof v.drafts === 'object' ? { ...v.drafts } : {},
    lastModel: typeof v.lastModel === 'string' ? v.lastModel : null,
    // Checked where it is used (stashed-runs.ts).
    ...(v.running && typeof v.running === 'object' ? { running: v.running } : {}),
  };
}

/**
 * What went wrong with storage: it is full, or it cannot be used at all. The storage notice, loaded
 * only when it shows, words it (components/status/storage-notice-body.tsx).
 */
export type StorageFailure = 'full' | 'unavailable';

/** Which storage failure `error` is. */
export function storageFailure(error: unknown): StorageFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'QuotaExceededError' ? 'full' : 'unavailable';
}

/**
 * Persistence over a key-value backend that degrades instead of failing: on the first storage error
 * (quota, private mode, no IndexedDB) it tells `onFallback` once and keeps working in memory, so
 * the app never stops because the disk said no. With a `stash`, meta kept at page hide is loaded
 * ahead of the backend's copy, until the backend saves a newer one. `write` writes a conversation
 * (merged-persistence.ts merges it with another tab's copy); without, a save replaces what is
 * stored, as in the widget, which no other tab writes.
 */
export function createPersistence(
  primary: KvBackend,
  onFallback: (failure: StorageFailure) => void,
  stash?: MetaStash,
  write: ConversationWriter = (kv, c) => kv.set(CONVERSATION_PREFIX + c.id, c),
): ChatPersistence {
  let backend = primary;
  let fellBack = false;
  // Meta saves and the stash in the order they were asked for: a save clears the stash only if it
  // was asked for after the stash was written (one asked for before may land after it).
  let metaOrder = 0;
  let stashedAt = 0;
  // This tab's saves of one conversation run one after the other, so each sees the one before (a
  // merging writer would take an overlapping save for another tab's).
  const inFlight = new Map<string, Promise<void>>();
  const oneAtATime = (id: string, op: () => Promise<void>): Promise<void> => {
    const next = (inFlight.get(id) ?? Promise.resolve()).then(op);
    const settled = next.catch(() => undefined);
    inFlight.set(id, settled);
    void settled.then(() => {
      if (inFlight.get(id) === settled) inFlight.delete(id);
    });
    return next;
  };

  const guard = async <T>(
    op: (kv: KvBackend) => Promise<T>,
    fallbackValue: () => T,
  ): Promise<T> => {
    try {
      return await op(backend);
    } catch (error) {
      if (!fellBack) {
        fellBack = true;
        backend = createMemoryBackend();
        onFallback(storageFailure(error));
      }
      try {
        return await op(backend);
      } catch {
        return fallbackValue();
      }
    }
  };

  return {
    load: () =>
      guard(
        async (kv) => {
          const all = await kv.entries();
          const records = all.filter(([key]) => key.startsWith(CONVERSATION_PREFIX));
          const read = records.length ? await loadReader() : null;
          const conversations = records.flatMap(([, value]) => {
            const c = read ? toConversation(read, value) : null;
            return c ? [c] : [];
          });
          const stashed = stash?.read();
          const stored = all.find(([key]) => key === META_KEY)?.[1];
          const meta = toMeta(stashed && typeof stashed === 'object' ? stashed : stored);
          return { conversations, meta };
        },
        () => ({ conversations: [], meta: { ...EMPTY_META } }),
      ),
    loadConversation: (id) =>
      guard(
        async (kv) => {
          const value = await kv.get(CONVERSATION_PREFIX + id);
          return value === undefined ? null : toConversation(await loadReader(), value);
        },
        () => null,
      ),
    saveConversation: (c) =>
      oneAtATime(c.id, () =>
        guard(
          (kv) => write(kv, c),
          () => undefined,
        ),
      ),
    deleteConversation: (id) =>
      guard(
        (kv) => kv.del(CONVERSATION_PREFIX + id),
        () => undefined,
      ),
    saveMeta: (meta) => {
      const order = ++metaOrder;
      return guard(
        async (kv) => {
          await kv.set(META_KEY, meta);
          // The database has the newest meta now, unless the stash was written after this save
          // was asked for (the page hid meanwhile): that stash is newer, and stays.
          if (!fellBack && stashedAt < order) stash?.clear();
        },
        () => undefined,
      );
    },
    stashMeta: (meta) => {
      stashedAt = ++metaOrder;
      stash?.write(meta);
    },
  };
}
