'use client';

import { Suspense } from 'react';
import { hasOwnRetry, type AssistantMessage, type UserMessage } from '@/lib/browser/chat/message';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { RefreshIcon } from '../ui/conversation-icons';
import { useDisplayOptions } from '../store/use-display-options';
import { EndState } from './end-state';
import { WaitingLine } from './waiting-line';

interface CompletionPairProps {
  prompt: UserMessage;
  answer: AssistantMessage | undefined;
  onRetry: (() => void) | null;
  onContinue: (() => void) | null;
}

/**
 * A text-completion model's output: the prompt and its continuation as one running text (no chat
 * bubbles, no Markdown: a base model continues raw text), the continuation highlighted.
 */
export function CompletionPair({ prompt, answer, onRetry, onContinue }: CompletionPairProps) {
  const streaming = answer?.status === 'streaming';
  const { showDetails, FiguresLine } = useDisplayOptions();
  return (
    <article
      aria-label="Completion"
      data-role="assistant"
      {...(answer ? { 'data-status': answer.status } : {})}
      className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <p className="whitespace-pre-wrap break-words font-mono text-[14px] leading-relaxed">
        <span className="text-zinc-500 dark:text-zinc-400">{prompt.content}</span>
        {answer && (
          <span
            className={`rounded-sm bg-teal-50 text-zinc-900 dark:bg-teal-950/60 dark:text-zinc-50 ${streaming ? 'streaming-cursor-inline' : ''}`}
          >
            {answer.content}
          </span>
        )}
      </p>
      {answer && (
        <>
          {streaming && !answer.content && <WaitingLine message={answer} />}
          <EndState message={answer} onRetry={onRetry} onContinue={onContinue} />
          <div className="mt-2 flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-1">
            {(streaming && !answer.content) || !showDetails || !FiguresLine ? (
              <span />
            ) : (
              <Suspense fallback={null}>
                <FiguresLine message={answer} />
              </Suspense>
            )}
            {!streaming && (
              <div className="flex items-center gap-0.5">
                <CopyButton text={prompt.content + answer.content} label="Copy text" />
                {!hasOwnRetry(answer) && (
                  <IconButton
                    label="Regenerate"
                    size="sm"
                    disabled={!onRetry}
                    onClick={onRetry ?? undefined}
                  >
                    <RefreshIcon />
                  </IconButton>
                )}
              </div>
            )}
          </div>
        </>
      )}
    </article>
  );
}
