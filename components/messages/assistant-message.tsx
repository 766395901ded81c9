'use client';

import { memo, Suspense, type ReactNode } from 'react';
import {
  endsPlainly,
  hasOwnRetry,
  type AssistantMessage as Message,
} from '@/lib/browser/chat/message';
import { MarkdownView } from '../markdown/markdown-view';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { RefreshIcon } from '../ui/conversation-icons';
import { useDisplayOptions } from '../store/use-display-options';
import type { Rating } from '@/lib/protocol/feedback';
import { EndState } from './end-state';
import { ReasoningPanel } from './reasoning-panel';
import { ToolCalls } from './tool-calls';
import { WaitingLine } from './waiting-line';

interface AssistantMessageProps {
  message: Message;
  modelLabel: string;
  /** What the provider's credits count, shown with them. */
  creditUnit?: string;
  /** Null while the action is unavailable (an answer streams, no usable model). */
  onRegenerate: (() => void) | null;
  onContinue: (() => void) | null;
  /** The version switcher, when the answer has versions. */
  versions?: ReactNode;
  /** Gives or takes back a thumbs up or down; absent where votes are not taken. */
  onRate?: (rating: Rating | null) => void;
}

/**
 * One answer: reasoning, the Markdown answer, how it ended, usage and actions. `data-status` carries
 * the outcome for tests and styling.
 */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  modelLabel,
  creditUnit,
  onRegenerate,
  onContinue,
  versions,
  onRate,
}: AssistantMessageProps) {
  const { showDetails, FiguresLine, Feedback } = useDisplayOptions();
  const streaming = message.status === 'streaming';
  const waiting = streaming && !message.content && !message.reasoning && !message.toolCalls;
  return (
    <article
      data-status={message.status}
      data-role="assistant"
      aria-label="Assistant message"
      className="group/message min-w-0"
    >
      <div className="mb-1.5 flex items-center gap-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        <span
          className="inline-block h-2 w-2 rounded-full bg-teal-600 dark:bg-teal-400"
          aria-hidden="true"
        />
        <span className="truncate">{showDetails ? modelLabel : 'Assistant'}</span>
        {streaming && !waiting && <span className="sr-only">(generating)</span>}
      </div>
      {message.reasoning && <ReasoningPanel message={message} />}
      {waiting && <WaitingLine message={message} />}
      {message.content && <MarkdownView source={message.content} streaming={streaming} />}
      {message.toolCalls && <ToolCalls calls={message.toolCalls} />}
      {!endsPlainly(message) && (
        <EndState message={message} onRetry={onRegenerate} onContinue={onContinue} />
      )}
      {/* One row that never wraps: the actions first, always in the same place (hidden, not
          removed, while the answer streams), then the figures, cut short when space runs out. */}
      <div className="mt-2 flex min-h-8 flex-nowrap items-center gap-x-3">
        <div
          className={`flex shrink-0 items-center gap-0.5 ${streaming ? 'invisible' : ''}`}
          {...(streaming ? { 'aria-hidden': true } : {})}
        >
          {message.content && <CopyButton text={message.content} label="Copy answer" />}
          {!hasOwnRetry(message) && (
            <IconButton
              label="Regenerate"
              size="sm"
              disabled={!onRegenerate}
              onClick={onRegenerate ?? undefined}
            >
              <RefreshIcon />
            </IconButton>
          )}
          {Feedback && onRate && message.content && (
            <Suspense fallback={null}>
              <Feedback rating={message.feedback} onRate={onRate} />
            </Suspense>
          )}
          {versions}
        </div>
        {!waiting && showDetails && FiguresLine && (
          <div className="min-w-0 flex-1">
            <Suspense fallback={null}>
              <FiguresLine message={message} {...(creditUnit ? { creditUnit } : {})} />
            </Suspense>
          </div>
        )}
      </div>
    </article>
  );
});
