import type { ChatState } from './chat-state';
import type { Conversation } from './conversation';
import { isAssistant } from './message';
import type { StoredMeta } from './meta-stash';

/**
 * What reattaching to an answer needs, kept with the page-hide stash: the answer's token is written
 * to the database as soon as it arrives, but that write is aborted with the page when a reload
 * comes right after it (seen on a busy machine), and the answer could then not be followed.
 */
export interface StashedRun {
  messageId: string;
  requestId: string;
  resumeToken: string;
}

/** The answers streaming in this page that have their token, by conversation id. */
export function stashedRunsOf(s: Pick<ChatState, 'running' | 'conversations'>) {
  const runs: Record<string, StashedRun> = {};
  for (const [conversationId, messageId] of Object.entries(s.running)) {
    const message = s.conversations[conversationId]?.messages.find((m) => m.id === messageId);
    if (isAssistant(message) && message.requestId && message.resumeToken)
      runs[conversationId] = {
        messageId,
        requestId: message.requestId,
        resumeToken: message.resumeToken,
      };
  }
  return runs;
}

/**
 * What the chat page passes the store (chat-store-deps.ts): the widget keeps no stash. Putting the
 * stashed tokens back is needed only when the page went away while an answer streamed, so that
 * code is loaded then (stashed-runs-apply.ts), before the stored conversations are shown.
 */
export const stashedRuns = {
  of: stashedRunsOf,
  async apply(stored: readonly Conversation[], runs: StoredMeta['running']) {
    if (!runs) return null;
    try {
      return (await import('./stashed-runs-apply')).withStashedRuns(stored, runs);
    } catch {
      // Not loaded (offline): the stored copies as they are, as if the page had kept no stash.
      return null;
    }
  },
};
export type StashedRuns = typeof stashedRuns;
