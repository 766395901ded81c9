import type { Conversation } from './conversation';
import type { KvBackend } from './kv-backend';
import type { MetaStash } from './meta-stash';
import {
  CONVERSATION_PREFIX,
  createPersistence,
  loadedReader,
  loadReader,
  toConversation,
  untilLoaded,
  type ChatPersistence,
  type StorageFailure,
} from './persistence';

// Saving merged with what other tabs wrote: the chat page's and its server sync's, apart from
// persistence.ts so that the widget, which no other tab writes, does not load it
// (docs/performance.md).

/** Two copies of one conversation as one (conversation-merge.ts). */
export type MergeConversations = (mine: Conversation, stored: Conversation) => Conversation;

/** The mark of the write that stored a record (see `mergedWrites`). */
const SAVED_BY = 'savedBy';

function savedBy(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[SAVED_BY]
    : undefined;
}

/**
 * Persistence (persistence.ts) whose saves are merged with the stored copy, for pages that other
 * tabs write too. `loadMerge` loads what combines this tab's copy with the stored one
 * (conversation-merge.ts).
 */
export function createMergedPersistence(
  primary: KvBackend,
  onFallback: (failure: StorageFailure) => void,
  stash: MetaStash | undefined,
  loadMerge: () => Promise<MergeConversations>,
  /**
   * Merge every save with the stored copy, even one this persistence wrote last. For a writer
   * whose copy may be older than its own last write (the server sync writes what it read before
   * its previous save). The page's store skips the merge when its last write stored its copy as
   * it was.
   */
  { mergeEveryWrite = false }: { mergeEveryWrite?: boolean } = {},
): ChatPersistence {
  let merge: MergeConversations | null = null;
  // Each write marks its record; a record still carrying this tab's last mark has not been written
  // by another tab since, so it needs no merge (and no merge code: one tab alone never loads it).
  // Only a record that is this tab's copy as it was: one the merge added another tab's changes to
  // holds what the store may not have heard of yet (a message, an answer's later copy), and the
  // store's next copy written over it as it is would lose them — a stopped answer back to the
  // streaming copy this tab last heard of. So the mark is kept only when the merge added nothing.
  const tab = Math.random().toString(36).slice(2);
  let writes = 0;
  const lastMark = new Map<string, string>();

  /** One read-merge-write; false when the stored copy needs the merge code, not loaded yet. */
  async function mergedSave(kv: KvBackend, c: Conversation): Promise<boolean> {
    const mark = `${tab}:${++writes}`;
    const mine = lastMark.get(c.id);
    let wrote = true;
    let asItWas = true;
    await kv.update(CONVERSATION_PREFIX + c.id, (stored) => {
      const ownLastWrite = !mergeEveryWrite && mine !== undefined && savedBy(stored) === mine;
      if (stored === undefined || ownLastWrite) return { ...c, [SAVED_BY]: mark };
      const reader = loadedReader();
      if (!merge || !reader) {
        wrote = false;
        return stored;
      }
      const theirs = toConversation(reader, stored);
      const merged = theirs ? merge(c, theirs) : c;
      asItWas = merged === c;
      return { ...merged, [SAVED_BY]: mark };
    });
    if (!wrote) return false;
    if (asItWas) lastMark.set(c.id, mark);
    else lastMark.delete(c.id);
    return true;
  }

  return createPersistence(primary, onFallback, stash, async (kv, c) => {
    if (await mergedSave(kv, c)) return;
    // Another tab wrote it: load the merge (once), then read, merge and write again. A load that
    // fails (offline, the server restarting) is not the storage failing, which would move the
    // page to memory for good: it is tried again, and this conversation's later saves (and the
    // release of its run's lock) wait for it.
    [merge] = await Promise.all([merge ?? untilLoaded(loadMerge), loadReader()]);
    // Deleted while the code loaded, here or in another tab: it stays deleted.
    if ((await kv.get(CONVERSATION_PREFIX + c.id)) !== undefined) await mergedSave(kv, c);
  });
}
