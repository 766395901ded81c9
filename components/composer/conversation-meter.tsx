'use client';

import { useMemo } from 'react';
import { conversationTotals } from '@/lib/browser/chat/conversation-totals';
import { conversationCost } from '@/lib/browser/chat/conversation-cost';
import { useActiveModel } from '../store/use-active-model';
import { useSettledMessages } from '../store/use-chat-store';
import { useFiguresShown } from '../store/use-figures-shown';
import { formatCount } from '../ui/format';
import { formatCompact } from '../ui/format-compact';
import { formatCredits, formatMoney } from '../ui/format-usage';

/**
 * The open conversation's running total (tokens, credits where the provider bills them, the cost
 * where prices are configured) and how
 * full the model's context is after the latest answer ("3.2k / 8k"): the next question starts from
 * there, so a nearly full context explains a refusal before it happens.
 */
export function ConversationMeter() {
  // Finished answers: a streaming one is counted once it ends.
  const messages = useSettledMessages();
  const totals = useMemo(() => conversationTotals(messages), [messages]);
  const spent = useMemo(() => conversationCost(messages), [messages]);
  const { info } = useActiveModel();
  const [figuresShown] = useFiguresShown();
  if (totals.totalTokens === 0 || !figuresShown) return null;
  const limit = info?.context_length;
  const used = totals.contextTokens;
  const share = limit && used !== undefined ? Math.min(1, used / limit) : undefined;
  const unit = info?.credit_unit ?? 'credits';
  const cost =
    spent.cost !== undefined && spent.currency
      ? formatMoney(spent.cost, spent.currency)
      : undefined;
  const total = `${formatCount(totals.totalTokens)} tokens${
    totals.credits !== undefined ? `, ${formatCredits(totals.credits)} ${unit}` : ''
  }${cost ? `, ${cost}` : ''} in this chat`;
  return (
    <div
      data-testid="conversation-meter"
      className="flex min-w-0 items-center gap-2 text-xs tabular-nums text-zinc-600 dark:text-zinc-400"
    >
      <span title={total}>
        <span className="sr-only">{total}</span>
        <span aria-hidden="true">
          {formatCompact(totals.totalTokens)} tokens
          {cost && <span data-testid="conversation-cost"> · {cost}</span>}
          <span className="hidden sm:inline"> in this chat</span>
        </span>
      </span>
      {limit && used !== undefined && share !== undefined && (
        <span
          role="meter"
          aria-label="Context used"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${formatCount(used)} of ${formatCount(limit)} tokens`}
          className="flex items-center gap-1.5 whitespace-nowrap"
          title={`Context: ${formatCount(used)} of ${formatCount(limit)} tokens`}
        >
          <span aria-hidden="true">·</span>{' '}
          <span
            aria-hidden="true"
            className="hidden h-1.5 w-10 overflow-hidden rounded-full bg-zinc-200 sm:block dark:bg-zinc-700"
          >
            <span
              className={`block h-full rounded-full ${share > 0.9 ? 'bg-red-600 dark:bg-red-400' : share > 0.7 ? 'bg-amber-500' : 'bg-teal-600 dark:bg-teal-400'}`}
              style={{ width: `${Math.max(4, share * 100)}%` }}
            />
          </span>
          context {formatCompact(used, 1024)} / {formatCompact(limit, 1024)}
        </span>
      )}
    </div>
  );
}
