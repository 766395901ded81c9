import type { Conversation } from './conversation';
import { createMemoryBackend, type KvBackend } from './kv-backend';
import type { MetaStash, StoredMeta } from './meta-stash';

type Reader = typeof import('./stored-conversation').readConversation;
/** Two copies of one conversation as one (conversation-merge.ts). */
export type MergeConversations = (mine: Conversation, stored: Conversation) => Conversation;

let reader: Reader | null = null;
/**
 * The reader of stored records, loaded when there is a record to read: a first visit, with nothing
 * stored, never needs it (docs/performance.md).
 */
async function loadReader(): Promise<Reader> {
  reader ??= (await import('./stored-conversation')).readConversation;
  return reader;
}

/** The mark of the write that stored a record (see `saveConversation`). */
const SAVED_BY = 'savedBy';

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
   * Saves a conversation — with a `merge`, merged with the stored copy (another tab may have
   * written it since), so no message either tab added is lost.
   */
  saveConversation(conversation: Conversation): Promise<void>;
  deleteConversation(id: string): Promise<void>;
  saveMeta(meta: StoredMeta): Promise<void>;
  /** Keeps `meta` synchronously for the next load, when the page is about to go away. */
  stashMeta(meta: StoredMeta): void;
}

const EMPTY_META: StoredMeta = { activeId: null, drafts: {}, lastModel: null };

const CONVERSATION_PREFIX = 'conversation:';
const META_KEY = 'meta';

/** A stored record as a conversation (any release's format), or null when it is not one. */
function toConversation(read: Reader, value: unknown): Conversation | null {
  const result = read(value);
  return result.ok ? result.conversation : null;
}

function savedBy(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[SAVED_BY]
    : undefined;
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
 * ahead of the backend's copy, until the backend saves a newer one.
 */
export function createPersistence(
  primary: KvBackend,
  onFallback: (failure: StorageFailure) => void,
  stash?: MetaStash,
  /**
   * Loads what combines this tab's copy with the stored one (conversation-merge.ts), for pages that
   * other tabs write too; without, a save replaces what is stored.
   */
  loadMerge?: () => Promise<MergeConversations>,
  /**
   * Merge every save with the stored copy, even one this persistence wrote last. For a writer
   * whose copy may be older than its own last write (the server sync writes what it read before
   * its previous save); the page's store never is, and skips the merge then.
   */
  { mergeEveryWrite = false }: { mergeEveryWrite?: boolean } = {},
): ChatPersistence {
  let backend = primary;
  let fellBack = false;
  let merge: MergeConversations | null = null;
  // Each write marks its record; a record still carrying this tab's last mark has not been written
  // by another tab since, so it needs no merge (and no merge code: one tab alone never loads it).
  const tab = Math.random().toString(36).slice(2);
  let writes = 0;
  const lastMark = new Map<string, string>();
  // This tab's saves of one conversation run one after the other, so each sees the mark of the
  // one before (overlapping saves would take each other for another tab's).
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

  /** One read-merge-write; false when the stored copy needs the merge code, not loaded yet. */
  async function mergedSave(kv: KvBackend, c: Conversation): Promise<boolean> {
    const mark = `${tab}:${++writes}`;
    const mine = lastMark.get(c.id);
    let wrote = true;
    await kv.update(CONVERSATION_PREFIX + c.id, (stored) => {
      const ownLastWrite = !mergeEveryWrite && mine !== undefined && savedBy(stored) === mine;
      if (stored === undefined || ownLastWrite) return { ...c, [SAVED_BY]: mark };
      if (!merge || !reader) {
        wrote = false;
        return stored;
      }
      const theirs = toConversation(reader, stored);
      return { ...(theirs ? merge(c, theirs) : c), [SAVED_BY]: mark };
    });
    if (wrote) lastMark.set(c.id, mark);
    return wrote;
  }

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
          async (kv) => {
            if (!loadMerge) return kv.set(CONVERSATION_PREFIX + c.id, c);
            if (await mergedSave(kv, c)) return;
            // Another tab wrote it: load the merge (once), then read, merge and write again.
            [merge] = await Promise.all([merge ?? loadMerge(), loadReader()]);
            await mergedSave(kv, c);
          },
          () => undefined,
        ),
      ),
    deleteConversation: (id) =>
      guard(
        (kv) => kv.del(CONVERSATION_PREFIX + id),
        () => undefined,
      ),
    saveMeta: (meta) =>
      guard(
        async (kv) => {
          await kv.set(META_KEY, meta);
          // The database has the newest meta now; a stash would only be older.
          if (!fellBack) stash?.clear();
        },
        () => undefined,
      ),
    stashMeta: (meta) => stash?.write(meta),
  };
}
