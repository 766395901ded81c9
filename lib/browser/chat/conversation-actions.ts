import type { StoreApi } from 'zustand/vanilla';
import { bumpOrder, patchConversation, type ChatState } from './chat-state';
import {
  createConversation,
  deriveTitle,
  sortByRecent,
  UNTITLED,
  type Conversation,
} from './conversation';
import { adoptComparison } from './compare-adopt';
import type { AssistantMessage, UserMessage } from './message';
import type { Rating } from '../../protocol/feedback';
import { sendFeedback } from './feedback';
import type { SaveScheduler } from './save-scheduler';
import { allMessages, neighbourVersion, showVersion } from './versions';

export interface ConversationActionDeps {
  get: StoreApi<ChatState>['getState'];
  set: StoreApi<ChatState>['setState'];
  saver: SaveScheduler;
  now: () => number;
  newId: () => string;
  /** Sends a vote to be counted (`POST /api/feedback`). */
  fetch: typeof fetch;
}

/**
 * What the user does to a conversation besides sending: rename, pin, rate an answer, switch
 * versions, take a comparison's answer, import.
 * Each change is saved at once (it is one click, not a stream of tokens).
 */
export function createConversationActions(deps: ConversationActionDeps) {
  const { get, set, saver, now } = deps;

  return {
    rename(id: string, title: string): void {
      const clean = title.replace(/\s+/g, ' ').trim();
      set((s) =>
        patchConversation(s, id, (c) => ({
          ...c,
          title: clean || UNTITLED,
          titleEdited: Boolean(clean),
          changed: { ...c.changed, title: now() },
        })),
      );
      saver.flush(id);
    },

    /**
     * A title the model suggested after the first answer: taken only while the conversation still
     * has the title it had when the model was asked (`from`) and nobody renamed it.
     */
    nameByModel(id: string, title: string, from: string): void {
      const c = get().conversations[id];
      if (!c || c.titleEdited || c.title !== from) return;
      set((s) =>
        patchConversation(s, id, (cv) => ({
          ...cv,
          title,
          changed: { ...cv.changed, title: now() },
        })),
      );
      saver.flush(id);
    },

    setPinned(id: string, pinned: boolean): void {
      set((s) =>
        patchConversation(s, id, (c) => ({
          ...c,
          pinned,
          changed: { ...c.changed, pinned: now() },
        })),
      );
      saver.flush(id);
    },

    /**
     * Gives an answer a thumbs up or down, or takes it back (`null`), and sends the vote to be
     * counted (the answer's model, the new and the former rating) when it changed anything.
     */
    rate(conversationId: string, messageId: string, rating: Rating | null): void {
      const message = get().conversations[conversationId]?.messages.find((m) => m.id === messageId);
      if (message?.role !== 'assistant' || message.status === 'streaming') return;
      const previous = message.feedback ?? null;
      if (previous === rating) return;
      set((s) =>
        patchConversation(s, conversationId, (c) => ({
          ...c,
          messages: c.messages.map((m) => {
            if (m.id !== messageId || m.role !== 'assistant') return m;
            const { feedback: _old, ...rest } = m;
            return {
              ...rest,
              ...(rating ? { feedback: rating } : {}),
              feedbackAt: now(),
              rev: (m.rev ?? 0) + 1,
            };
          }),
        })),
      );
      saver.flush(conversationId);
      void sendFeedback(deps.fetch, { model: message.model, rating, previous });
    },

    /** Shows the previous (`-1`) or next (`1`) version of a message on the shown path. */
    showVersion(conversationId: string, messageId: string, step: -1 | 1): void {
      const s = get();
      const c = s.conversations[conversationId];
      // The path may not change under an answer that is streaming into it.
      if (!c || s.running[conversationId]) return;
      const index = c.messages.findIndex((m) => m.id === messageId);
      const target = index < 0 ? undefined : neighbourVersion(c, index, step);
      if (target === undefined) return;
      set((st) =>
        patchConversation(st, conversationId, (cv) => showVersion(cv, index, target, now())),
      );
      saver.flush(conversationId);
    },

    /**
     * Takes a comparison's answers into a conversation (a new one, opened, when `conversationId`
     * is null or gone): the question and the chosen answer are shown, the others kept as versions
     * of that turn. Returns the conversation's id.
     */
    adoptComparison(
      conversationId: string | null,
      question: UserMessage,
      answers: readonly AssistantMessage[],
      chosenId: string,
    ): string {
      const t = now();
      const existing = conversationId ? get().conversations[conversationId] : undefined;
      const chosen = answers.find((a) => a.id === chosenId);
      const base =
        existing ??
        createConversation(deps.newId(), chosen?.model ?? null, t, get().newChatSettings);
      const titled =
        base.messages.length === 0 && !base.titleEdited
          ? {
              ...base,
              title: deriveTitle(question.content),
              changed: { ...base.changed, title: t },
            }
          : base;
      const next = adoptComparison(titled, question, answers, chosenId, t);
      set((s) => ({
        conversations: { ...s.conversations, [next.id]: next },
        order: bumpOrder(s.order, next.id),
        ...(existing ? {} : { activeId: next.id }),
      }));
      saver.flush(next.id);
      return next.id;
    },

    /**
     * Adds an imported conversation and returns its id. One whose id is already here comes in as a
     * copy with new ids, titled as a copy, so an import never overwrites what is on this device.
     */
    importConversation(conversation: Conversation): string {
      const exists = Boolean(get().conversations[conversation.id]);
      // A second copy of one already here is said to be one, so the two can be told apart.
      const c = exists
        ? { ...withNewIds(conversation, deps.newId), title: `${conversation.title} (copy)` }
        : conversation;
      set((s) => {
        const conversations = { ...s.conversations, [c.id]: c };
        return {
          conversations,
          order: exists ? bumpOrder(s.order, c.id) : sortByRecent(Object.values(conversations)),
        };
      });
      saver.flush(c.id);
      return c.id;
    },
  };
}

/** A copy of a conversation under new ids (the conversation's and every message's). */
function withNewIds(c: Conversation, newId: () => string): Conversation {
  const ids = new Map<string, string>();
  for (const { message } of allMessages(c)) ids.set(message.id, newId());
  const map = (id: string) => ids.get(id) ?? id;
  const hidden = Object.fromEntries(
    Object.values(c.hidden ?? {}).map((h) => [
      map(h.message.id),
      { ...h, parent: map(h.parent), message: { ...h.message, id: map(h.message.id) } },
    ]),
  );
  const versions = Object.fromEntries(
    Object.entries(c.versions ?? {}).map(([parent, list]) => [map(parent), list.map(map)]),
  );
  return {
    ...c,
    id: newId(),
    messages: c.messages.map((m) => ({ ...m, id: map(m.id) })),
    ...(c.hidden ? { hidden } : {}),
    ...(c.versions ? { versions } : {}),
  };
}
