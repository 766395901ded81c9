import type { AnswerCost } from '../../protocol/events';
import { messageCost, sumCost } from './cost';
import type { Message } from './message';

// The conversation meter's sum, apart from cost.ts, which the first answer's figures need: the
// meter loads after the answer (docs/performance.md).

/**
 * What a conversation's priced answers cost, in one currency (plain values, so that the meter can
 * compare them field by field); nothing when none is priced or they are priced in different
 * currencies, which have no sum.
 */
export function conversationCost(messages: readonly Message[]): {
  cost?: number;
  currency?: string;
} {
  let total: AnswerCost | undefined;
  for (const m of messages) {
    if (m.role !== 'assistant' || !m.costs?.length) continue;
    const spent = messageCost(m.costs);
    total = spent && (total ? sumCost(total, spent) : spent);
    if (!total) return {};
  }
  return total ? { cost: total.amount, currency: total.currency } : {};
}
