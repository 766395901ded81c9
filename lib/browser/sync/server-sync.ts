import type { Conversation } from '../chat/conversation';
import type { ChatPersistence } from '../chat/persistence';
import type { TabChannel } from '../chat/tab-channel';
import type { LedgerStore } from './sync-ledger';
import type { ChangedConversation, ConversationBatch, PutOutcome, SyncApi } from './sync-api';

/** Re-read changes from this long before the last sync's end: writes committing late are seen. */
const OVERLAP_MS = 2_000;
/** Conversations read in one request during a sync (the server's batch route takes 100). */
const READ_BATCH = 100;
/** Tries of one write that keeps meeting newer copies. */
const MAX_TRIES = 4;
/** Changes of one conversation are sent at most this often: a streaming answer saves twice a second. */
const SEND_DELAY_MS = 1_000;

export interface ServerSyncDeps {
  api: SyncApi;
  /** The user's local copy (IndexedDB), written with a merge: never the store's own persistence. */
  local: ChatPersistence;
  /** Tells this page's store (and other tabs) to read a conversation again, or to drop it. */
  channel: TabChannel | null;
  ledger: LedgerStore;
  /** Two copies as one, both sides' messages kept (conversation-merge.ts). */
  merge: (local: Conversation, server: Conversation) => Conversation;
  /**
   * Sends one write (TanStack Query's mutation: the cached conversation is updated at once and
   * put back when the write fails).
   */
  write: (conversation: Conversation, baseRevision: number | undefined) => Promise<PutOutcome>;
  /** Reads several conversations in one request (and puts each in TanStack Query's cache). */
  readMany: (ids: string[]) => Promise<ConversationBatch>;
}

/**
 * Keeps a signed-in user's local copy and the server's in step. The server is the source of truth;
 * the local copy renders at once and works offline:
 *
 * - `pull` asks what changed since the last sync (deletions too, a page at a time), reads the
 *   changed conversations a hundred to a request — a new device's first sync of N conversations
 *   takes about N / 100 requests, not N — merges each into the local copy and tells the store to
 *   read it again;
 * - `changed` / `deleted` (from the store's saves) are sent soon after, each write based on the
 *   revision the local copy came from. A write over a newer server copy is a conflict: the two are
 *   merged — every message of both kept, two answers to one question as two versions — and sent
 *   again. Writes that cannot be sent (offline) stay in the ledger and go with the next sync:
 *   this tab's, or, once this tab is gone, the next tab's.
 */
export function createServerSync(deps: ServerSyncDeps) {
  const { api, local, channel, ledger } = deps;
  const pending = new Map<string, Promise<void>>();
  const scheduled = new Set<string>();
  /** Counts each conversation's changes: a write clears it from the ledger only if none came since. */
  const changes = new Map<string, number>();
  let pulling: Promise<void> | null = null;

  const setRevision = (id: string, revision: number, changedAt?: number) =>
    ledger.update((l) => ({
      ...l,
      revisions: { ...l.revisions, [id]: revision },
      changedAt: changedAt === undefined ? l.changedAt : { ...l.changedAt, [id]: changedAt },
    }));
  const forgetLocally = async (id: string) => {
    await local.deleteConversation(id);
    channel?.post({ type: 'deleted', id });
    ledger.update((l) => {
      const { [id]: _r, ...revisions } = l.revisions;
      const { [id]: _c, ...changedAt } = l.changedAt;
      return { ...l, revisions, changedAt, dirty: l.dirty.filter((d) => d !== id) };
    });
  };

  /** Reads changed conversations, a batch at a time, into the local copy. */
  async function adopt(changed: { id: string; changedAt?: number }[]): Promise<void> {
    const changedAt = new Map(changed.map((c) => [c.id, c.changedAt]));
    let ids = changed.map((c) => c.id);
    while (ids.length > 0) {
      const batch = await deps.readMany(ids);
      for (const id of batch.missing) await forgetLocally(id);
      // Merged with the local copy, always: what this page changed and has not sent yet stays
      // beside the server's copy, and so does what it sent after the server's copy was read (the
      // local copy's own save would replace a record it wrote last instead of merging).
      for (const { conversation } of batch.conversations) {
        const here = await local.loadConversation?.(conversation.id);
        await local.saveConversation(here ? deps.merge(here, conversation) : conversation);
      }
      ledger.update((l) => {
        const revisions = { ...l.revisions };
        const at = { ...l.changedAt };
        for (const { conversation, revision } of batch.conversations) {
          revisions[conversation.id] = revision;
          const when = changedAt.get(conversation.id);
          if (when !== undefined) at[conversation.id] = when;
        }
        return { ...l, revisions, changedAt: at };
      });
      for (const found of batch.conversations)
        channel?.post({ type: 'saved', id: found.conversation.id });
      // Each batch answers for one at least (read, or missing: deleted since it was listed), so
      // `rest` is shorter each time; one that answered for none would go round for ever.
      if (batch.rest.length >= ids.length) break;
      ids = batch.rest;
    }
  }

  /** Applies one page of changes: deletions, then reads of what this browser does not have. */
  async function apply(
    conversations: ChangedConversation[],
    /** On a first sync, what this browser holds: known to the server or not. */
    held?: Set<string>,
  ): Promise<void> {
    const known = ledger.get();
    const waiting = ledger.waiting();
    // A deletion reaches what this browser had from the server, and, on its first sync, what it
    // holds without knowing it (its ledger lost): sent as new, that would bring it back. Not what
    // waits to be sent, here or in another tab: a copy put back after the deletion (Undo, an
    // import) is a new write.
    const todo = conversations.filter((c) =>
      c.deleted
        ? (known.revisions[c.id] !== undefined || !!held?.has(c.id)) && !waiting.has(c.id)
        : known.changedAt[c.id] !== c.changedAt || known.revisions[c.id] !== c.revision,
    );
    for (const c of todo) {
      if (!c.deleted) continue;
      await forgetLocally(c.id);
      held?.delete(c.id);
    }
    const live = todo.filter((c) => !c.deleted);
    for (let i = 0; i < live.length; i += READ_BATCH) await adopt(live.slice(i, i + READ_BATCH));
  }

  async function pullOnce(): Promise<void> {
    // What a tab that went away had not sent is this tab's to send now.
    await ledger.adoptOrphans();
    const start = ledger.get();
    const since = Math.max(0, start.since - OVERLAP_MS);
    let page = await api.changes(since);
    const { now } = page;
    // Read once, on a first sync: what the server deleted is let go of, the rest sent (below).
    const held = start.primed
      ? undefined
      : new Set((await local.load()).conversations.map((c) => c.id));
    await apply(page.conversations, held);
    while (page.next) {
      page = await api.changes(since, page.next);
      await apply(page.conversations, held);
    }
    ledger.update((l) => ({ ...l, since: now }));
    if (held) {
      // First sync on this browser: what is here and not on the server is sent. (What the page
      // saves meanwhile is sent as it is saved.)
      const known = ledger.get().revisions;
      const unknown = [...held].filter((id) => known[id] === undefined);
      ledger.update((l) => ({ ...l, primed: true, dirty: [...new Set([...l.dirty, ...unknown])] }));
    }
    await flush();
  }

  async function send(id: string): Promise<void> {
    const seen = changes.get(id) ?? 0;
    let conversation = await local.loadConversation?.(id);
    if (!conversation) {
      // Deleted here since it was marked (in another tab, say): nothing is left to send.
      if (local.loadConversation)
        ledger.update((l) => ({ ...l, dirty: l.dirty.filter((d) => d !== id) }));
      return;
    }
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const outcome = await deps.write(conversation, ledger.get().revisions[id]);
      if (outcome.kind === 'written') {
        setRevision(id, outcome.revision);
        if ((changes.get(id) ?? 0) === seen)
          ledger.update((l) => ({ ...l, dirty: l.dirty.filter((d) => d !== id) }));
        return;
      }
      if (outcome.kind === 'offline') return;
      if (outcome.kind === 'gone') return forgetLocally(id);
      if (outcome.kind === 'refused') {
        // The server will never take this copy (too large, malformed): stop trying; it stays local.
        ledger.update((l) => ({ ...l, dirty: l.dirty.filter((d) => d !== id) }));
        return;
      }
      const server = await api.get(id);
      if (!server) return forgetLocally(id);
      // Merged into the local copy as it is now: the page may have changed it while the write
      // waited (a write made offline is sent when the browser is back).
      const current = (await local.loadConversation?.(id)) ?? conversation;
      conversation = deps.merge(current, server.conversation);
      await local.saveConversation(conversation);
      setRevision(id, server.revision);
      channel?.post({ type: 'saved', id });
    }
  }

  /** Sends one conversation's change, one write at a time per conversation. */
  function sendSoon(id: string): Promise<void> {
    const before = pending.get(id) ?? Promise.resolve();
    const next = before.then(() => send(id)).catch(() => undefined);
    pending.set(id, next);
    void next.then(() => pending.get(id) === next && pending.delete(id));
    return next;
  }

  /** Sends whatever waits in the ledger: deletions, then changes. */
  async function flush(): Promise<void> {
    const { deleted, dirty } = ledger.get();
    for (const id of deleted) {
      if (!(await api.remove(id))) continue;
      // Its revision is the deleted one's: a copy put back (Undo, an import) is a new write that
      // brings it back, not one based on what was deleted (which the deletion would win).
      ledger.update((l) => {
        const { [id]: _r, ...revisions } = l.revisions;
        return { ...l, revisions, deleted: l.deleted.filter((d) => d !== id) };
      });
    }
    // Two at a time: the server receives a few writes per user at once (429 past them), and a
    // first sync may have hundreds to send.
    const queue = [...dirty];
    const sendNext = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await sendSoon(id);
    };
    await Promise.all([sendNext(), sendNext()]);
  }

  return {
    /** One sync: the server's changes in, then this browser's out. Concurrent calls share one. */
    pull(): Promise<void> {
      pulling ??= pullOnce().finally(() => (pulling = null));
      return pulling;
    },
    /**
     * Reads conversations this browser does not have yet (a search found them on the server) into
     * the local copy; the store is told as for any other change.
     */
    bringIn(ids: string[]): Promise<void> {
      return adopt(ids.map((id) => ({ id })));
    },
    /** The store saved a conversation: send it soon (or with the next sync when offline). */
    changed(id: string): void {
      changes.set(id, (changes.get(id) ?? 0) + 1);
      ledger.update((l) => (l.dirty.includes(id) ? l : { ...l, dirty: [...l.dirty, id] }));
      if (scheduled.has(id)) return;
      // The first change goes at once (a question must reach the server before the tab may
      // close); the ones after it within the interval go together at its end.
      scheduled.add(id);
      void sendSoon(id);
      setTimeout(() => {
        scheduled.delete(id);
        if (ledger.get().dirty.includes(id)) void sendSoon(id);
      }, SEND_DELAY_MS);
    },
    /** The store deleted a conversation: delete it on the server too. */
    async deleted(id: string): Promise<void> {
      // A first upload still on its way would create it on the server after this: wait for it,
      // so that the deletion knows the revision it made and is sent.
      await pending.get(id);
      ledger.update((l) => ({
        ...l,
        dirty: l.dirty.filter((d) => d !== id),
        deleted: l.revisions[id] === undefined ? l.deleted : [...l.deleted, id],
      }));
      await flush();
    },
    flush,
  };
}

export type ServerSync = ReturnType<typeof createServerSync>;
