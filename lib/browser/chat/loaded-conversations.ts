import { canReattach, settleInterrupted } from './apply-event';
import type { ChatState } from './chat-state';
import type { Conversation } from './conversation';
import { isAssistant } from './message';

/** The stored conversations as the store takes them on load, and what it must do next. */
export interface LoadedConversations {
  conversations: ChatState['conversations'];
  /** Conversations changed on load (an answer marked cut off): saved again. */
  settled: string[];
  /** `[conversationId, answerId]` of answers to reattach to now. */
  reattach: [string, string][];
}

/**
 * What becomes of answers that were streaming when the stored copy was written. When other tabs
 * share the conversations (`shared`: run locks and their sync), each is left as it is: the tab
 * streaming it may still be open, and once none holds it the sync reattaches or settles it
 * (remote-sync.ts). Otherwise the last answer is reattached to when it can be (it went on
 * generating on the server), and every other streaming answer is marked cut off.
 */
export function loadConversations(
  stored: readonly Conversation[],
  shared: boolean,
): LoadedConversations {
  const loaded: LoadedConversations = { conversations: {}, settled: [], reattach: [] };
  for (const c of stored) {
    const last = c.messages.at(-1);
    const resumable = !shared && isAssistant(last) && canReattach(last) ? last : undefined;
    if (resumable) loaded.reattach.push([c.id, resumable.id]);
    const messages = shared
      ? c.messages
      : c.messages.map((m) => (isAssistant(m) && m !== resumable ? settleInterrupted(m) : m));
    if (messages.some((m, i) => m !== c.messages[i])) loaded.settled.push(c.id);
    loaded.conversations[c.id] = { ...c, messages };
  }
  return loaded;
}
