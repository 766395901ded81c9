import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChatActions } from './chat-actions';
import { createChatRunner } from './chat-runner';
import {
  bumpOrder,
  initialChatState,
  NEW_CHAT_DRAFT,
  patchConversation,
  type ChatState,
} from './chat-state';
import type { createConversationActions } from './conversation-actions';
import { loadConversations } from './loaded-conversations';
import type { ChatStoreDeps } from './chat-store-deps';
import { createConversation, DEFAULT_SETTINGS, sortByRecent } from './conversation';
import { createMemoryBackend } from './kv-backend';
import type { StoredMeta } from './meta-stash';
import { createPersistence } from './persistence';
import { createSaveScheduler } from './save-scheduler';

export type ChatStore = StoreApi<ChatState & ChatActions>;

const META_KEY = '\u0000meta';

/** What of the state is kept as meta (persistence.ts), with the streaming answers' `running`. */
function metaOf(s: ChatState, running?: StoredMeta['running']): StoredMeta {
  return {
    activeId: s.activeId,
    drafts: s.drafts,
    lastModel: s.lastModel,
    ...(running && Object.keys(running).length ? { running } : {}),
  };
}

/**
 * Creates a chat store: one per provider component, never a module-level singleton (ARCHITECTURE.md,
 * "Where state lives"), so the page and the widget each have their own. Vanilla zustand, so it
 * runs and is tested without React.
 */
export function createChatStore(deps: ChatStoreDeps): ChatStore {
  const now = deps.now ?? Date.now;
  const makeId = deps.newId ?? (() => crypto.randomUUID());
  /** What this tab wrote: another tab's concurrent turn never takes it off this tab's screen. */
  const wroteHere = new Set<string>();
  const newId = () => {
    const id = makeId();
    wroteHere.add(id);
    return id;
  };
  const channel = deps.channel ?? null;
  const locks = deps.locks ?? null;
  return createStore<ChatState & ChatActions>()((set, get) => {
    const persistence = (
      deps.createPersistence ?? ((cb) => createPersistence(createMemoryBackend(), cb))
    )((failure) => set({ storageNotice: failure }));
    /** The last write of each conversation: a run's lock is released only after its final one. */
    const writes = new Map<string, Promise<void>>();
    const saver = createSaveScheduler(
      (key) => {
        const s = get();
        if (key === META_KEY) {
          void persistence.saveMeta(metaOf(s, deps.stashedRuns?.of(s)));
          return;
        }
        const conversation = s.conversations[key];
        if (!conversation) return;
        const write = persistence
          .saveConversation(conversation)
          .then(() => channel?.post({ type: 'saved', id: key }));
        writes.set(key, write);
      },
      deps.timers,
      deps.saveIntervalMs ?? 500,
    );
    const touchMeta = () => saver.touch(META_KEY);
    const runner = createChatRunner({
      get,
      set,
      saver,
      fetch: deps.fetch,
      now,
      newId,
      scheduleFrame: deps.scheduleFrame,
      chatUrl: deps.chatUrl,
      network: deps.network,
      storeOnServer: deps.storeOnServer,
      later: deps.later,
      paceEnd: deps.paceEnd,
      ...(locks ? { locks, written: (id: string) => writes.get(id) ?? Promise.resolve() } : {}),
      discard: (id) => get().deleteConversation(id),
    });
    type Actions = ReturnType<typeof createConversationActions>;
    let actions: Promise<Actions> | undefined;
    /**
     * The conversation actions, loaded the first time one is used (conversation-actions.ts). A
     * load that failed (offline) is tried again by the next use, not remembered as failed.
     */
    const withActions = <T>(use: (a: Actions) => T): Promise<T> =>
      (actions ??= import('./conversation-actions').then(
        (m) => m.createConversationActions({ get, set, saver, now, newId, fetch: deps.fetch }),
        (error: unknown) => {
          actions = undefined;
          throw error;
        },
      )).then(use);

    /** Drops a conversation from this tab (runs stopped, pending saves forgotten). */
    const forget = (id: string) => {
      runner.stop(id);
      saver.drop(id);
      set((s) => {
        if (!s.conversations[id]) return s;
        const { [id]: _removed, ...conversations } = s.conversations;
        const { [id]: _draft, ...drafts } = s.drafts;
        return {
          conversations,
          drafts,
          order: s.order.filter((x) => x !== id),
          // An address that named it keeps naming it (the page then says it is not here).
          activeId: s.activeId === id && !s.routed ? null : s.activeId,
        };
      });
    };
    const remote = deps.createRemoteSync?.({
      get,
      set,
      persistence,
      saver,
      locks,
      now,
      stopHere: (id) => runner.stop(id),
      forget,
      wroteHere: (id) => wroteHere.has(id),
      reattach: (conversationId, answerId) => runner.reattach(conversationId, answerId),
    });
    if (remote) channel?.listen((message) => remote.receive(message));

    const defaults = () => ({ ...(deps.defaults?.() ?? DEFAULT_SETTINGS) });
    return {
      ...initialChatState(),
      newChatSettings: defaults(),

      async hydrate() {
        if (get().hydrated) return;
        const snapshot = await persistence.load();
        const stored = await deps.stashedRuns?.apply(snapshot.conversations, snapshot.meta.running);
        const { conversations, settled, reattach } = loadConversations(
          stored?.conversations ?? snapshot.conversations,
          Boolean(locks && remote),
        );
        const { activeId, drafts, lastModel } = snapshot.meta;
        set((s) => ({
          hydrated: true,
          conversations: { ...conversations, ...s.conversations },
          order: sortByRecent(Object.values({ ...conversations, ...s.conversations })),
          activeId: s.routed ? s.activeId : activeId && conversations[activeId] ? activeId : null,
          drafts: { ...drafts, ...s.drafts },
          lastModel: s.lastModel ?? lastModel,
        }));
        for (const id of new Set([...settled, ...(stored?.patched ?? [])])) saver.flush(id);
        for (const [conversationId, messageId] of reattach) {
          // Unless this page already started something else there before the state was loaded.
          if (get().conversations[conversationId] === conversations[conversationId])
            runner.reattach(conversationId, messageId);
        }
        for (const id of Object.keys(conversations)) remote?.watchStreaming(id);
        remote?.afterHydration();
        // Meta may have come from the page-hide stash: put it in the database (which clears it).
        touchMeta();
      },

      startNewChat() {
        set({ activeId: null });
        touchMeta();
      },

      selectConversation(id) {
        if (!get().conversations[id]) return;
        set({ activeId: id });
        touchMeta();
      },

      openRoute(id) {
        if (get().routed && get().activeId === id) return;
        set({ activeId: id, routed: true });
        touchMeta();
      },

      renameConversation: (id, title) => withActions((a) => a.rename(id, title)),
      prepareEdits: () => withActions(() => undefined),
      nameByModel: (id, title, from) => withActions((a) => a.nameByModel(id, title, from)),
      setPinned: (id, pinned) => withActions((a) => a.setPinned(id, pinned)),
      rateAnswer: (conversationId, messageId, rating) =>
        withActions((a) => a.rate(conversationId, messageId, rating)),
      importConversation: (conversation) => withActions((a) => a.importConversation(conversation)),
      showVersion: (conversationId, messageId, step) =>
        // Refused at once while an answer streams into the conversation, as it will be then.
        get().running[conversationId]
          ? Promise.resolve()
          : withActions((a) => a.showVersion(conversationId, messageId, step)).then(() =>
              // A version shown may hold an answer another tab left streaming: followed or settled
              // as one found on the path at load is (remote-sync.ts).
              remote?.watchStreaming(conversationId),
            ),

      deleteConversation(id) {
        forget(id);
        set((s) => (s.activeId === id ? { activeId: null } : s));
        void persistence.deleteConversation(id).then(() => channel?.post({ type: 'deleted', id }));
        touchMeta();
      },

      setModel(id, model) {
        if (id) {
          set((s) => ({
            ...patchConversation(s, id, (c) => ({
              ...c,
              model,
              changed: { ...c.changed, model: now() },
            })),
            lastModel: model,
          }));
          saver.flush(id);
        } else {
          set({ lastModel: model });
        }
        touchMeta();
      },

      updateSettings(id, patch) {
        if (id === null) {
          set((s) => ({ newChatSettings: { ...s.newChatSettings, ...patch } }));
          return;
        }
        set((s) =>
          patchConversation(s, id, (c) => ({
            ...c,
            settings: { ...c.settings, ...patch },
            changed: { ...c.changed, settings: now() },
          })),
        );
        saver.touch(id);
      },

      setDraft(key, text) {
        set((s) => ({ drafts: { ...s.drafts, [key]: text } }));
        touchMeta();
      },

      send(text, model, attachments = []) {
        if (get().limitNotice) set({ limitNotice: null });
        const s = get();
        let id = s.activeId;
        if (!id || !s.conversations[id]) {
          id = newId();
          const conversation = createConversation(id, model.id, now(), s.newChatSettings);
          const { [NEW_CHAT_DRAFT]: _draft, ...drafts } = s.drafts;
          set({
            conversations: { ...s.conversations, [id]: conversation },
            order: bumpOrder(s.order, id),
            activeId: id,
            drafts,
            lastModel: model.id,
            newChatSettings: defaults(),
          });
        } else {
          set((st) => ({ drafts: { ...st.drafts, [id!]: '' } }));
        }
        // The runner saves the question the moment it is sent (chat-runner.ts), and a new
        // conversation becomes the active one on disk at once: a reload a few ms later must find
        // both (only token updates are throttled).
        runner.send(id, text, model, attachments);
        if (id !== s.activeId) saver.flush(META_KEY);
        else touchMeta();
      },

      stop(conversationId) {
        if (get().running[conversationId]) runner.stop(conversationId);
        else channel?.post({ type: 'stop', id: conversationId });
      },
      regenerate: (conversationId, messageId, model) =>
        runner.regenerate(conversationId, messageId, model),
      continueAnswer: (conversationId, messageId, model) =>
        runner.continueAnswer(conversationId, messageId, model),
      editAndResend: (conversationId, messageId, text, model) =>
        runner.editAndResend(conversationId, messageId, text, model),
      adoptComparison: (conversationId, question, answers, chosenId) =>
        withActions((a) => a.adoptComparison(conversationId, question, answers, chosenId)).then(
          (id) => (touchMeta(), id),
        ),
      dismissStorageNotice: () => set({ storageNotice: null }),
      flushSaves: () => {
        const s = get();
        // Database writes may not finish if the page is going away; the stash is synchronous.
        if (s.hydrated) persistence.stashMeta(metaOf(s, deps.stashedRuns?.of(s)));
        saver.flushAll();
      },
    };
  });
}
