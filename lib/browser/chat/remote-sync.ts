import type { StoreApi } from 'zustand/vanilla';
import { settleInterrupted } from './apply-event';
import type { ChatState } from './chat-state';
import { sortByRecent, type Conversation } from './conversation';
import { mergeConversations } from './conversation-merge';
import { isAssistant } from './message';
import type { ChatPersistence } from './persistence';
import type { RunLocks } from './run-locks';
import type { SaveScheduler } from './save-scheduler';
import type { TabMessage } from './tab-channel';

export interface RemoteSyncDeps {
  get: StoreApi<ChatState>['getState'];
  set: StoreApi<ChatState>['setState'];
  persistence: ChatPersistence;
  saver: SaveScheduler;
  locks: RunLocks | null;
  now: () => number;
  /** Stops the run streaming in a conversation in this tab, if any. */
  stopHere: (conversationId: string) => void;
  /** Forgets a conversation locally (another tab deleted it). */
  forget: (conversationId: string) => void;
  /** Whether this tab wrote the message (its view then stays on it). */
  wroteHere: (messageId: string) => boolean;
  /**
   * Follows an answer whose tab is gone in this tab instead (resumable answers): the run, settled
   * when it ended, or undefined when it cannot be reattached to.
   */
  reattach?: (conversationId: string, answerId: string) => Promise<void> | undefined;
}

/**
 * Brings other tabs' changes into this tab's store: a conversation another tab saved is read again
 * and merged (conversation-merge.ts); one it deleted is dropped; a Stop is passed to the run it
 * names. An answer streaming in another tab is shown as it is saved; once no tab holds its lock
 * any more (run-locks.ts) this tab reattaches to it, holding the lock while it follows it, or marks
 * it `incomplete` when it cannot be reattached to.
 */
export function createRemoteSync(deps: RemoteSyncDeps) {
  const { get, set, persistence, now } = deps;
  /** What other tabs said while this one was still loading, replayed once it has loaded. */
  const beforeHydration = new Map<string, TabMessage['type']>();
  const watched = new Set<string>();

  function adopt(incoming: Conversation): void {
    set((s) => {
      const local = s.conversations[incoming.id];
      // A new version made in the other tab shows here too, unless it would take this tab's own
      // turn (or a run streaming here) off the screen.
      const running = Boolean(s.running[incoming.id]);
      const mergedCopy = local
        ? mergeConversations(local, incoming, now(), (id) => !running && !deps.wroteHere(id))
        : incoming;
      // The answer streaming in this tab is this tab's: another copy of it (a server checkpoint)
      // would put back older text under the events still arriving here.
      const merged =
        local && running ? keepRunning(mergedCopy, local, s.running[incoming.id]!) : mergedCopy;
      if (merged === local) return s;
      const conversations = { ...s.conversations, [incoming.id]: merged };
      const reorder = !local || local.updatedAt !== merged.updatedAt;
      return {
        conversations,
        order: reorder ? sortByRecent(Object.values(conversations)) : s.order,
      };
    });
  }

  async function refresh(id: string): Promise<void> {
    const incoming = await persistence.loadConversation?.(id);
    if (!incoming) return;
    adopt(incoming);
    watchStreaming(id);
  }

  /** Follows or marks `incomplete` an answer whose tab is gone, unless it ended meanwhile. */
  async function settleWhenOrphaned(conversationId: string, answerId: string): Promise<void> {
    watched.delete(answerId);
    // Read what the streaming tab wrote last: it may have ended the answer just before leaving.
    await refresh(conversationId);
    const s = get();
    if (s.running[conversationId] === answerId) return;
    const c = s.conversations[conversationId];
    const index = c?.messages.findIndex((m) => m.id === answerId) ?? -1;
    const message = c?.messages[index];
    if (!c || !isAssistant(message) || message.status !== 'streaming') return;
    const following = deps.reattach?.(conversationId, answerId);
    if (following) return following;
    const settled = { ...settleInterrupted(message), rev: (message.rev ?? 0) + 1 };
    const messages = c.messages.slice();
    messages[index] = settled;
    set({ conversations: { ...s.conversations, [conversationId]: { ...c, messages } } });
    deps.saver.flush(conversationId);
  }

  /** Watches the answers of a conversation that stream but not in this tab. */
  function watchStreaming(conversationId: string): void {
    const s = get();
    for (const m of s.conversations[conversationId]?.messages ?? []) {
      if (!isAssistant(m) || m.status !== 'streaming' || s.running[conversationId] === m.id)
        continue;
      if (watched.has(m.id)) continue;
      watched.add(m.id);
      if (deps.locks) deps.locks.whenFree(m.id, () => settleWhenOrphaned(conversationId, m.id));
      else void settleWhenOrphaned(conversationId, m.id);
    }
  }

  return {
    watchStreaming,
    /** Handles a message from another tab. */
    receive(message: TabMessage): void {
      if (message.type === 'stop') return deps.stopHere(message.id);
      if (!get().hydrated) {
        beforeHydration.set(message.id, message.type);
        return;
      }
      if (message.type === 'deleted') return deps.forget(message.id);
      void refresh(message.id);
    },
    /** Applies what other tabs changed while this one was loading. */
    afterHydration(): void {
      for (const [id, type] of beforeHydration) {
        if (type === 'deleted') deps.forget(id);
        else void refresh(id);
      }
      beforeHydration.clear();
    },
  };
}

/** `merged` with the local copy of the message `id` (the one streaming here). */
function keepRunning(merged: Conversation, local: Conversation, id: string): Conversation {
  const mine = local.messages.find((m) => m.id === id);
  const index = merged.messages.findIndex((m) => m.id === id);
  if (!mine || index < 0 || merged.messages[index] === mine) return merged;
  const messages = merged.messages.slice();
  messages[index] = mine;
  return { ...merged, messages };
}
