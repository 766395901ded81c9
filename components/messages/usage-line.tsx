'use client';

import type { AssistantMessage } from '@/lib/browser/chat/message';
import { formatCount, formatCredits, formatDuration } from '../ui/format';

/** Time to first token: the server's measurement when it sent one, else the client's. */
function ttftMs(m: AssistantMessage): number | undefined {
  if (typeof m.timing.serverTtftMs === 'number') return m.timing.serverTtftMs;
  return m.timing.firstTokenAt !== undefined ? m.timing.firstTokenAt - m.timing.sentAt : undefined;
}

/**
 * Completion tokens per second of the current run, from first token to end (while streaming, to
 * when the latest count arrived). Once done, the server's clock is used: it saw the tokens arrive
 * one by one, while the browser may receive a short answer in a single read.
 */
function tokensPerSecond(m: AssistantMessage): number | undefined {
  const run =
    m.usage && m.priorUsage
      ? m.usage.completion_tokens - m.priorUsage.completion_tokens
      : m.usage?.completion_tokens;
  const { serverTtftMs, serverDurationMs } = m.timing;
  if (run !== undefined && typeof serverTtftMs === 'number' && serverDurationMs !== undefined) {
    const generating = serverDurationMs - serverTtftMs;
    if (generating >= 50) return run / (generating / 1000);
  }
  const start = m.timing.firstTokenAt;
  if (run === undefined || start === undefined) return undefined;
  const end = m.status === 'streaming' ? m.timing.usageAt : m.timing.endedAt;
  if (end === undefined) return undefined;
  const seconds = (end - start) / 1000;
  return seconds >= 0.2 ? run / seconds : undefined;
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="text-zinc-400 dark:text-zinc-500">{label} </span>
      <span className="tabular-nums text-zinc-600 dark:text-zinc-300">{value}</span>
    </span>
  );
}

/**
 * Token usage under an answer, live while it streams: prompt, completion and reasoning tokens,
 * tokens per second, time to first token, credits used and balance when the backend reports them.
 * An answer that ended without usage says "Usage unknown" rather than showing zeros.
 */
export function UsageLine({ message }: { message: AssistantMessage }) {
  const streaming = message.status === 'streaming';
  const u = message.usage;
  const ttft = ttftMs(message);
  const tps = tokensPerSecond(message);
  if (!u && !streaming && ttft === undefined) {
    return (
      <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="usage">
        Usage unknown
      </p>
    );
  }
  return (
    <p
      data-testid="usage"
      data-usage-final={message.usageFinal ? 'true' : 'false'}
      {...(u ? { 'data-completion-tokens': u.completion_tokens } : {})}
      className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs"
    >
      {u ? (
        <>
          <Item label="Prompt" value={formatCount(u.prompt_tokens)} />
          <Item label="Completion" value={formatCount(u.completion_tokens)} />
          {u.reasoning_tokens !== undefined && (
            <Item label="Reasoning" value={formatCount(u.reasoning_tokens)} />
          )}
        </>
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">
          {streaming ? 'Counting tokens…' : 'Usage unknown'}
        </span>
      )}
      {tps !== undefined && <Item label="Speed" value={`${tps.toFixed(1)} tok/s`} />}
      {ttft !== undefined && <Item label="TTFT" value={formatDuration(ttft)} />}
      {u?.credits_used !== undefined && (
        <Item label="Credits used" value={formatCredits(u.credits_used)} />
      )}
      {u?.credit_balance !== undefined && (
        <Item label="Balance" value={formatCredits(u.credit_balance)} />
      )}
    </p>
  );
}
