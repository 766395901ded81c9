import type { Message } from './message';

// The conversation meter's sums, apart from answer-stats.ts (each answer's own figures), which
// the first answer's statistics line needs: the meter loads after the answer.

/** Tokens and credits a conversation used so far, and how much of its context the last turn took. */
export interface ConversationTotals {
  totalTokens: number;
  credits?: number;
  /** Prompt + completion of the latest answer with usage: what the next question starts from. */
  contextTokens?: number;
}

/** Sums every answer's usage (Continue runs are already summed into their message). */
export function conversationTotals(messages: readonly Message[]): ConversationTotals {
  let totalTokens = 0;
  let credits: number | undefined;
  let contextTokens: number | undefined;
  for (const m of messages) {
    if (m.role !== 'assistant' || !m.usage) continue;
    totalTokens += m.usage.total_tokens;
    if (m.usage.credits_used !== undefined) credits = (credits ?? 0) + m.usage.credits_used;
    // A Continue run's prompt already holds the earlier part of the answer: its own counts are
    // what the context holds, not the message's sums.
    const run = m.priorUsage
      ? {
          prompt: m.usage.prompt_tokens - m.priorUsage.prompt_tokens,
          completion: m.usage.completion_tokens - m.priorUsage.completion_tokens,
        }
      : { prompt: m.usage.prompt_tokens, completion: m.usage.completion_tokens };
    contextTokens = run.prompt + run.completion;
  }
  return {
    totalTokens,
    ...(credits !== undefined ? { credits } : {}),
    ...(contextTokens !== undefined ? { contextTokens } : {}),
  };
}
