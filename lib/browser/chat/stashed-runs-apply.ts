import type { Conversation } from './conversation';
import { isAssistant } from './message';
import type { StoredMeta } from './meta-stash';

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
