import type { ChatState } from '../chat/chat-state';
import { isAssistant } from '../chat/message';
import type { AnswerOutcome } from '../../protocol/embed-wire';

/**
 * The outcomes of the answers that stopped running between two chat states — what the widget
 * tells the host page (`answer`) and counts as unread while the panel is hidden. It compares only
 * the `running` maps (conversation → streaming message), so it costs nothing per token.
 */
export function endedAnswers(
  prev: Pick<ChatState, 'running' | 'conversations'>,
  next: Pick<ChatState, 'running' | 'conversations'>,
): AnswerOutcome[] {
  if (prev.running === next.running) return [];
  const outcomes: AnswerOutcome[] = [];
  for (const [conversationId, messageId] of Object.entries(prev.running)) {
    if (next.running[conversationId] === messageId) continue;
    const message = next.conversations[conversationId]?.messages.find((m) => m.id === messageId);
    // A deleted conversation ("new chat" while streaming) ends no answer the visitor will read.
    if (isAssistant(message) && message.status !== 'streaming') outcomes.push(message.status);
  }
  return outcomes;
}
