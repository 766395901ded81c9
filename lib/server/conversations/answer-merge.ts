import 'server-only';

import type { AnswerRow } from '../database/tables';
import type { ConversationDoc, MessageDoc } from './conversation-doc';

/**
 * Added to a message's `rev` when the server's copy is taken: more changes than any browser makes
 * to one answer, so the browsers' merges (which keep the copy with more changes) take it too.
 */
const SERVER_REV = 1_000_000;

/** Statuses the browser gives an answer it saw end (anything but streaming or cut off). */
const SEEN_ENDED = new Set(['complete', 'length', 'stopped', 'error']);

/**
 * Whether the browser saw this answer end. A failure before its first event (no request id or
 * resume token, no text: the response was lost on its way, a proxy's 502) is not an end it saw: the request may
 * have reached this server, whose answer then went on without the browser and is taken.
 */
function seenEnded(m: MessageDoc): boolean {
  if (!SEEN_ENDED.has(String(m.status))) return false;
  return m.status !== 'error' || Boolean(m.requestId || m.resumeToken || m.content || m.reasoning);
}

/**
 * The conversation with what the server wrote of its answers: an answer the browser did not see
 * end (it still says `streaming`, or `incomplete`) takes the server's text, usage and end. A
 * checkpoint older than `staleAfterMs` belongs to an instance that died mid-answer: it shows as
 * `incomplete` with the text it had. An answer to the conversation's last question that the
 * browser never saved (it closed right after sending) is added after it.
 */
export function mergeAnswers(
  doc: ConversationDoc,
  answers: readonly AnswerRow[],
  { now, staleAfterMs }: { now: number; staleAfterMs: number },
): ConversationDoc {
  if (answers.length === 0) return doc;
  const messages = doc.messages.slice();
  const hidden = doc.hidden ? { ...doc.hidden } : undefined;
  // Looked up by id, not searched for each row: a conversation may hold many of both.
  const indexOf = new Map<string, number>();
  for (const [i, m] of messages.entries()) if (!indexOf.has(m.id)) indexOf.set(m.id, i);
  for (const row of answers) {
    const index = indexOf.get(row.message_id) ?? -1;
    const hiddenNode = hidden?.[row.message_id];
    const local = index >= 0 ? messages[index] : hiddenNode?.message;
    if (local) {
      if (local.role !== 'assistant' || seenEnded(local)) continue;
      const merged = applyRow(local, row, now, staleAfterMs);
      if (index >= 0) messages[index] = merged;
      else if (hidden && hiddenNode) hidden[row.message_id] = { ...hiddenNode, message: merged };
      continue;
    }
    if (messages.at(-1)?.role === 'user') {
      const fresh: MessageDoc = {
        id: row.message_id,
        role: 'assistant',
        model: row.model,
        content: '',
        reasoning: '',
        status: 'streaming',
        createdAt: Number(row.updated_at),
        timing: { sentAt: Number(row.updated_at) },
      };
      indexOf.set(row.message_id, messages.push(applyRow(fresh, row, now, staleAfterMs)) - 1);
    }
  }
  return { ...doc, messages, ...(hidden ? { hidden } : {}) };
}

function applyRow(
  message: MessageDoc,
  row: AnswerRow,
  now: number,
  staleAfterMs: number,
): MessageDoc {
  const stale = row.status === 'streaming' && now - Number(row.updated_at) > staleAfterMs;
  // A copy the browser saved later than the checkpoint (more text, and the event id that goes with
  // it) is newer: a reattach from its id must start from its text, never from an older one.
  if (row.status === 'streaming' && !stale && message.content.length > row.content.length)
    return message;
  const status = stale ? 'incomplete' : row.status;
  const merged: MessageDoc = {
    ...message,
    content: row.content,
    reasoning: row.reasoning,
    status,
    // An ended answer is newer than any copy a browser saved: merges (by `rev`) take it. A
    // checkpoint is one change newer than the copy it was merged into: a tab streaming the answer
    // itself counts more changes and keeps its own.
    rev: Math.max(Number(message.rev ?? 0), 0) + (status === 'streaming' ? 1 : SERVER_REV),
  };
  if (row.usage) {
    merged.usage = JSON.parse(row.usage) as unknown;
    merged.usageFinal = status !== 'streaming';
  }
  if (row.finish_reason) merged.finishReason = row.finish_reason;
  if (row.error) merged.error = JSON.parse(row.error) as unknown;
  if (stale) merged.interruption = 'server_shutdown';
  if (status === 'streaming') merged.lastEventId = row.last_seq;
  if (status !== 'streaming') {
    delete merged.resumeToken;
    delete merged.lastEventId;
    delete merged.statusMessage;
  }
  return merged;
}
