import { answerSpeed, estimateTokens, ttftMs } from '@/lib/browser/chat/answer-stats';
import { messageCost } from '@/lib/browser/chat/cost';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import { formatCount } from '../ui/format';
import { formatCredits, formatDuration, formatMoney } from '../ui/format-usage';

/**
 * One figure of the answer footer. `primary` ones make the one-line summary on a phone; `detail`
 * ones are only in the popover with every figure (on a wide screen, in the TTFT's tooltip).
 */
export interface UsageItem {
  label: string;
  value: string;
  primary?: boolean;
  detail?: boolean;
}

function credits(n: number, unit: string | undefined): string {
  return unit ? `${formatCredits(n)} ${unit}` : formatCredits(n);
}

/**
 * The figures under an answer, in reading order: tokens, speed, time to first token, credits, cost
 * (when prices are configured: the server's figure, split into tokens and GPU time when both count).
 * Without counts (while streaming, or an answer stopped before any came) the tokens and speed are
 * estimates, marked "≈".
 */
export function usageItems(m: AssistantMessage, creditUnit?: string): UsageItem[] {
  const items: UsageItem[] = [];
  const u = m.usage;
  if (u) {
    items.push({ label: 'Prompt', value: formatCount(u.prompt_tokens) });
    items.push({ label: 'Completion', value: formatCount(u.completion_tokens), primary: true });
    if (u.reasoning_tokens !== undefined)
      items.push({ label: 'Reasoning', value: formatCount(u.reasoning_tokens) });
  } else if (m.content || m.reasoning) {
    // Also once it ended without counts (stopped, cut off): the live estimate stays.
    const estimate = estimateTokens(m.content) + estimateTokens(m.reasoning);
    items.push({ label: 'Completion', value: `≈ ${formatCount(estimate)}`, primary: true });
  }
  const speed = answerSpeed(m);
  if (speed)
    items.push({
      label: 'Speed',
      value: `${speed.estimated ? '≈ ' : ''}${speed.tokensPerSecond.toFixed(1)} tok/s`,
      primary: true,
    });
  const ttft = ttftMs(m);
  if (ttft !== undefined) items.push({ label: 'TTFT', value: formatDuration(ttft), primary: true });
  const server = m.timing.serverTtftMs;
  if (typeof server === 'number' && m.timing.firstTokenAt !== undefined)
    items.push({ label: 'Server TTFT', value: formatDuration(server), detail: true });
  // The unit once, on the balance: the line stays short enough for one row on a wide screen.
  if (u?.credits_used !== undefined)
    items.push({ label: 'Credits used', value: formatCredits(u.credits_used) });
  if (u?.credit_balance !== undefined)
    items.push({ label: 'Balance', value: credits(u.credit_balance, creditUnit) });
  const cost = messageCost(m.costs);
  if (cost) {
    items.push({ label: 'Cost', value: formatMoney(cost.amount, cost.currency) });
    if (typeof cost.tokens === 'number' && typeof cost.gpu === 'number') {
      items.push({ label: 'Tokens cost', value: formatMoney(cost.tokens, cost.currency) });
      items.push({ label: 'GPU time cost', value: formatMoney(cost.gpu, cost.currency) });
    }
  }
  return items;
}
