import { DEFAULT_SETTINGS, type Conversation, type ConversationSettings } from './conversation';
import type { Attachment } from '../attachments/attachment';
import type { ErrorFacts } from '../errors/rate-limited';
import type { Message } from './message';
import type { StorageFailure } from './persistence';

/** The chat store's data. Everything here but `running` and `storageNotice` is persisted. */
export interface ChatState {
  /** False until the persisted state was loaded: sending waits for it. */
  hydrated: boolean;
  conversations: Record<string, Conversation>;
  /** Conversation ids, most recently used first. */
  order: string[];
  activeId: string | null;
  /**
   * True once the page's address chose the open conversation (`/c/<id>`, or `/` for a new chat):
   * the stored choice is then ignored. `activeId` may then name a conversation that is not here.
   */
  routed: boolean;
  /** Unsent composer text per conversation id; `NEW_CHAT_DRAFT` before a conversation exists. */
  drafts: Record<string, string>;
  lastModel: string | null;
  /** Conversation id → id of the assistant message streaming in it. */
  running: Record<string, string>;
  /** Set when storage failed and the app fell back to memory. */
  storageNotice: StorageFailure | null;
  /** Settings for the conversation the next send creates. */
  newChatSettings: ConversationSettings;
  /**
   * What the polite status region says: the start and end of answers in the open conversation,
   * never their tokens. `seq` changes with every announcement so a repeat is announced again.
   */
  announcement: { text: string; seq: number } | null;
  /**
   * A message a limit refused (`429`): it went back to the composer (its attachments too), and this
   * says why and when to try again, above the composer of that conversation (`null`: the new-chat
   * composer, for a refused first message). Sending waits until `retryAt`; `error` lets the
   * sentence count down to it.
   */
  limitNotice: {
    conversationId: string | null;
    text: string;
    retryAt?: number;
    error?: ErrorFacts;
    attachments?: Attachment[];
  } | null;
}

/** Draft key of the composer when no conversation is open yet. */
export const NEW_CHAT_DRAFT = '';

/** The initial, not yet hydrated state. */
export function initialChatState(): ChatState {
  return {
    hydrated: false,
    conversations: {},
    order: [],
    activeId: null,
    routed: false,
    drafts: {},
    lastModel: null,
    running: {},
    storageNotice: null,
    newChatSettings: { ...DEFAULT_SETTINGS },
    announcement: null,
    limitNotice: null,
  };
}

/** Replaces one conversation through `fn`; unknown ids leave the state as it is. */
export function patchConversation(
  state: ChatState,
  id: string,
  fn: (c: Conversation) => Conversation,
): Pick<ChatState, 'conversations'> | ChatState {
  const current = state.conversations[id];
  if (!current) return state;
  return { conversations: { ...state.conversations, [id]: fn(current) } };
}

/** Replaces one message of one conversation through `fn`. */
export function patchMessage<M extends Message>(
  state: ChatState,
  conversationId: string,
  messageId: string,
  fn: (m: M) => M,
): Pick<ChatState, 'conversations'> | ChatState {
  return patchConversation(state, conversationId, (c) => {
    const index = c.messages.findIndex((m) => m.id === messageId);
    if (index < 0) return c;
    const messages = c.messages.slice();
    messages[index] = fn(messages[index] as M);
    return { ...c, messages };
  });
}

/** Moves `id` to the front of the recency order. */
export function bumpOrder(order: readonly string[], id: string): string[] {
  return [id, ...order.filter((x) => x !== id)];
}
