import type { Conversation } from './conversation';
import { createMemoryBackend, type KvBackend } from './kv-backend';
import type { MetaStash } from './meta-stash';

/** Everything besides conversations that survives a reload. */
export interface StoredMeta {
  activeId: string | null;
  /** Unsent composer text per conversation id. */
  drafts: Record<string, string>;
  /** The model last picked: new conversations start with it. */
  lastModel: string | null;
}

export interface ChatSnapshot {
  conversations: Conversation[];
  meta: StoredMeta;
}

/** Where the chat store keeps its state between visits. */
export interface ChatPersistence {
  load(): Promise<ChatSnapshot>;
  saveConversation(conversation: Conversation): Promise<void>;
  deleteConversation(id: string): Promise<void>;
  saveMeta(meta: StoredMeta): Promise<void>;
  /** Keeps `meta` synchronously for the next load, when the page is about to go away. */
  stashMeta(meta: StoredMeta): void;
}

const EMPTY_META: StoredMeta = { activeId: null, drafts: {}, lastModel: null };

const CONVERSATION_PREFIX = 'conversation:';
const META_KEY = 'meta';

function looksLikeConversation(value: unknown): value is Conversation {
  const v = value as Partial<Conversation> | null;
  return typeof v?.id === 'string' && Array.isArray(v.messages) && typeof v.settings === 'object';
}

function toMeta(value: unknown): StoredMeta {
  const v = (value ?? {}) as Partial<StoredMeta>;
  return {
    activeId: typeof v.activeId === 'string' ? v.activeId : null,
    drafts: v.drafts && typeof v.drafts === 'object' ? { ...v.drafts } : {},
    lastModel: typeof v.lastModel === 'string' ? v.lastModel : null,
  };
}

/** A human sentence for a storage failure. */
export function describeStorageError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError') {
    return 'Browser storage is full, so new messages are kept in memory only and will be lost when this tab closes. Export conversations you want to keep.';
  }
  return 'Browser storage is unavailable (private browsing or blocked storage), so conversations are kept in memory only and will be lost when this tab closes.';
}

/**
 * Persistence over a key-value backend that degrades instead of failing: on the first storage error
 * (quota, private mode, no IndexedDB) it tells `onFallback` once and keeps working in memory, so
 * the app never stops because the disk said no. With a `stash`, meta kept at page hide is loaded
 * ahead of the backend's copy, until the backend saves a newer one.
 */
export function createPersistence(
  primary: KvBackend,
  onFallback: (message: string) => void,
  stash?: MetaStash,
): ChatPersistence {
  let backend = primary;
  let fellBack = false;

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
        onFallback(describeStorageError(error));
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
          const conversations = all
            .filter(
              ([key, value]) => key.startsWith(CONVERSATION_PREFIX) && looksLikeConversation(value),
            )
            .map(([, value]) => value as Conversation);
          const stashed = stash?.read();
          const stored = all.find(([key]) => key === META_KEY)?.[1];
          const meta = toMeta(stashed && typeof stashed === 'object' ? stashed : stored);
          return { conversations, meta };
        },
        () => ({ conversations: [], meta: { ...EMPTY_META } }),
      ),
    saveConversation: (c) =>
      guard(
        (kv) => kv.set(CONVERSATION_PREFIX + c.id, c),
        () => undefined,
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
