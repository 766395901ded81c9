import type { ChatMessage } from '../../protocol/chat-request';
import { estimateTokens } from './estimate-tokens';

/** Tokens a chat template adds around each message (role markers, separators), roughly. */
const PER_MESSAGE = 4;
/** What an image costs a vision model, roughly (a 1568-pixel image is ~1,600 tokens on the common ones). */
const PER_IMAGE = 1_600;

/** A rough token count of one message as sent. */
export function messageTokens(m: ChatMessage): number {
  if (typeof m.content === 'string') return estimateTokens(m.content) + PER_MESSAGE;
  let n = PER_MESSAGE;
  for (const part of m.content ?? [])
    n += part.type === 'text' ? estimateTokens(part.text) : PER_IMAGE;
  return n;
}

/** A rough token count of a list of messages. */
export function messagesTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + messageTokens(m), 0);
}

/**
 * How far the estimate is off for this conversation: the backend counted `counted` tokens for what
 * the estimate made `estimated` of (the latest answer's prompt and completion). Tokenizers differ
 * by model and language, so the conversation's own ratio is better than four characters a token.
 * Bounded, so one odd count cannot make the estimate absurd.
 */
export function calibration(counted: number | undefined, estimated: number): number {
  if (!counted || estimated <= 0) return 1;
  return Math.min(4, Math.max(0.25, counted / estimated));
}

/**
 * The messages without the oldest turns, so that they fit in `budget` tokens (estimated, times
 * `ratio`). System messages and the last message always stay; turns go oldest first, and what
 * stays starts with a user turn, as chat templates expect. Unchanged when it already fits.
 */
export function fitMessages(
  messages: readonly ChatMessage[],
  budget: number,
  ratio = 1,
): ChatMessage[] {
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer');
  const turns = messages.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const cost = (list: readonly ChatMessage[]) => messagesTokens(list) * ratio;
  let start = 0;
  const fixed = cost(system);
  while (start < turns.length - 1 && fixed + cost(turns.slice(start)) > budget) {
    start++;
    // Leave out the rest of the turn too: what stays opens with a question.
    while (start < turns.length - 1 && turns[start]!.role !== 'user') start++;
  }
  return start === 0 ? [...messages] : [...system, ...turns.slice(start)];
}
