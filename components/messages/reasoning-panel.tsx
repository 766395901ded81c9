'use client';

import { useId, useState } from 'react';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import { FOCUS_RING } from '../ui/button';
import { formatCount, formatSeconds, formatThinkingTime } from '../ui/format';
import { BulbIcon, ChevronRightIcon } from '../ui/conversation-icons';
import { useNow } from '../ui/use-now';

function ReasoningTitle({ message, thinking }: { message: AssistantMessage; thinking: boolean }) {
  const now = useNow(thinking, 100);
  const { reasoningStartedAt: start, reasoningEndedAt: end } = message.timing;
  if (thinking) return <>Thinking… {start !== undefined && formatSeconds(now - start)}</>;
  const tokens = message.usage?.reasoning_tokens;
  const seconds =
    start !== undefined && end !== undefined
      ? `Thought for ${formatThinkingTime(end - start)}`
      : 'Thought';
  return (
    <>
      {seconds}
      {tokens !== undefined && (
        <span className="text-zinc-500 dark:text-zinc-400">
          {' '}
          · {formatCount(tokens)} reasoning tokens
        </span>
      )}
    </>
  );
}

/**
 * The model's reasoning above its answer: open and live while it thinks, collapsed once the answer
 * starts (unless the reader opened or closed it), then "Thought for N s" with the token count.
 */
export function ReasoningPanel({ message }: { message: AssistantMessage }) {
  const thinking = message.status === 'streaming' && message.content === '';
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? thinking;
  const regionId = useId();
  return (
    <div className="mb-3 rounded-xl border border-zinc-200 bg-zinc-50/70 dark:border-zinc-800 dark:bg-zinc-900/60">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setChoice(!open)}
        className={`flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/60 ${FOCUS_RING}`}
      >
        <BulbIcon
          className={`shrink-0 text-violet-600 dark:text-violet-400 ${thinking ? 'animate-pulse' : ''}`}
        />
        <span className="min-w-0 flex-1 truncate tabular-nums">
          <ReasoningTitle message={message} thinking={thinking} />
        </span>
        <ChevronRightIcon className={`shrink-0 transition-transform ${open ? 'rotate-90' : ''}`} />
      </button>
      <div
        id={regionId}
        hidden={!open}
        className="max-h-80 overflow-y-auto whitespace-pre-wrap border-t border-zinc-200 px-3 py-2 text-[13px] leading-relaxed text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
      >
        {message.reasoning}
      </div>
    </div>
  );
}
