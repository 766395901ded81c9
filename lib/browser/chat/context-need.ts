import { buildAnswerRequest, type ModelTraits } from './build-request';
import { calibration, messagesTokens } from './context-fit';
import type { ConversationSettings } from './conversation';
import { conversationTotals } from './conversation-totals';
import { isAssistant, type Message } from './message';

/** What the conversation so far takes of a model's context, as its next request would send it. */
export interface HistoryNeed {
  /** Estimated tokens of the messages (system prompt included). */
  tokens: number;
  /** Counted over estimated tokens in this conversation (context-fit.ts, `calibration`). */
  ratio: number;
}

/**
 * The history's share of the next request. The backend's own count of the latest answer (prompt
 * and completion) corrects the estimate of four characters a token for this conversation.
 */
export function historyNeed(
  history: readonly Message[],
  settings: ConversationSettings,
  model: ModelTraits,
): HistoryNeed {
  const chat = { ...model, kind: 'chat' as const, fit: undefined };
  const tokens = messagesTokens(buildAnswerRequest(history, settings, chat).messages ?? []);
  let counted = -1;
  for (let i = history.length - 1; i >= 0 && counted < 0; i--) {
    const m = history[i];
    if (isAssistant(m) && m.usage) counted = i;
  }
  if (counted < 0) return { tokens, ratio: 1 };
  const covered = history.slice(0, counted + 1);
  const estimated = messagesTokens(buildAnswerRequest(covered, settings, chat).messages ?? []);
  return { tokens, ratio: calibration(conversationTotals(covered).contextTokens, estimated) };
}
