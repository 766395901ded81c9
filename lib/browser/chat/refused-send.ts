import type { Attachment } from '../attachments/attachment';
import type { ErrorFacts } from '../errors/rate-limited';
import { NEW_CHAT_DRAFT, patchConversation, type ChatState } from './chat-state';
import type { Message } from './message';

/** What to put back when a limit refuses a new question: it returns to the composer. */
export interface Undo {
  messages: Message[];
  title: string;
  text: string;
  attachments: readonly Attachment[];
}

/** Seconds a limit asks for when the server did not say (as its sentence assumes). */
const DEFAULT_WAIT_S = 60;

/**
 * The state after a limit refused the question `undo` describes: nothing reached the model, so the
 * question and its empty answer leave the conversation and the text goes back to the composer with
 * the sentence, and with the moment the limit lets the next one through (Send waits for it). A
 * refused first question leaves no conversation behind: its text returns to the new-chat composer,
 * with the settings it was to start with, and the caller deletes the empty conversation.
 */
export function putBackRefused(
  s: ChatState,
  conversationId: string,
  undo: Undo,
  error: ErrorFacts,
  sentence: string,
  now: number,
): Partial<ChatState> {
  const { [conversationId]: _done, ...running } = s.running;
  const first = undo.messages.length === 0;
  const wait =
    error.retry_after_s && error.retry_after_s > 0 ? error.retry_after_s : DEFAULT_WAIT_S;
  const limitNotice = {
    conversationId: first ? null : conversationId,
    text: sentence,
    retryAt: now + wait * 1000,
    error: { ...error, retry_after_s: wait },
    ...(undo.attachments.length ? { attachments: [...undo.attachments] } : {}),
  };
  const conversation = s.conversations[conversationId];
  if (first && conversation) {
    return {
      running,
      drafts: { ...s.drafts, [NEW_CHAT_DRAFT]: undo.text },
      newChatSettings: conversation.settings,
      limitNotice,
    };
  }
  return {
    ...patchConversation(s, conversationId, (c) => ({
      ...c,
      messages: undo.messages,
      title: undo.title,
      // Gone for good: a merge with a copy saved before the refusal must not bring them back.
      removed: [...(c.removed ?? []), ...c.messages.slice(undo.messages.length).map((m) => m.id)],
    })),
    running,
    drafts: { ...s.drafts, [conversationId]: undo.text },
    limitNotice,
  };
}
