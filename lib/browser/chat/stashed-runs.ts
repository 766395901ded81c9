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
 * The stored conversations, with the token of each last answer still streaming that was stored
 * without one (its write lost with the page), and the ids of those changed. An answer stored with
 * its token is left as stored, and so is one the stash does not name.
 */
export function withStashedRuns(
  stored: readonly Conversation[],
  runs: StoredMeta['running'],
): { conversations: Conversation[]; patched: string[] } {
  const patched: string[] = [];
  const conversations = stored.map((c) => {
    const run = runs?.[c.id];
    const last = c.messages.at(-1);
    if (!isAssistant(last) || last.id !== run?.messageId || last.resumeToken) return c;
    if (last.status !== 'streaming' || typeof run.requestId !== 'string') return c;
    if (typeof run.resumeToken !== 'string') return c;
    patched.push(c.id);
    const message = { ...last, requestId: run.requestId, resumeToken: run.resumeToken };
    return { ...c, messages: [...c.messages.slice(0, -1), message] };
  });
  return { conversations, patched };
}

/** What the chat page passes the store (chat-store-deps.ts): the widget keeps no stash. */
export const stashedRuns = { of: stashedRunsOf, apply: withStashedRuns };
export type StashedRuns = typeof stashedRuns;
