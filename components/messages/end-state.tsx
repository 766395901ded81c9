'use client';

import { endsPlainly, type AssistantMessage } from '@/lib/browser/chat/message';
import { AlertIcon, ForwardIcon } from '../ui/conversation-icons';
import { AnswerAction, ErrorDetails, ErrorNotice, RetryButton } from './error-notice';

interface EndStateProps {
  message: AssistantMessage;
  /** Null when the action is not possible now (another answer streams, no model). */
  onRetry: (() => void) | null;
  onContinue: (() => void) | null;
}

/** Why an answer was cut off, by what cut it. */
const INCOMPLETE_TEXT = {
  reload: 'The answer was cut off: the page was closed or reloaded while it streamed.',
  server_shutdown: 'The answer was cut off: the server restarted while it streamed.',
  stream: 'The answer was cut off: the stream ended before the model finished.',
} as const;

const BOX = 'mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl px-3 py-2 text-sm';

/** Continue: the model picks the answer up where it ended (vLLM continues it in place). */
function ContinueButton({ onContinue }: Pick<EndStateProps, 'onContinue'>) {
  return <AnswerAction icon={<ForwardIcon />} label="Continue" onAction={onContinue} />;
}

/**
 * How the answer ended when it did not simply complete: each outcome looks different and offers
 * what makes sense — Continue after the token limit, a cut-off stream or a stop (the text so far
 * is not paid for again), Retry after an error or a cut-off stream.
 */
export function EndState({ message, onRetry, onContinue }: EndStateProps) {
  switch (message.status) {
    case 'length':
      return (
        <div
          className={`${BOX} bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200`}
        >
          <span className="flex-1">Stopped at the token limit.</span>
          <ContinueButton onContinue={onContinue} />
        </div>
      );
    case 'error':
      return <ErrorNotice message={message} onRetry={onRetry} />;
    case 'incomplete':
      return (
        <div
          className={`${BOX} bg-orange-50 text-orange-900 dark:bg-orange-950/50 dark:text-orange-200`}
        >
          <AlertIcon className="shrink-0" />
          <div className="min-w-0 flex-1 space-y-1">
            <p>{INCOMPLETE_TEXT[message.interruption ?? 'stream']}</p>
            {message.error && <ErrorDetails message={message} />}
          </div>
          <ContinueButton onContinue={onContinue} />
          <RetryButton onRetry={onRetry} />
        </div>
      );
    case 'stopped':
      return (
        <div className="mt-2 flex items-center gap-3 text-sm">
          <p className="italic text-zinc-500 dark:text-zinc-400">
            {message.releasedMs === undefined
              ? 'Stopped.'
              : `Stopped · backend released in ${message.releasedMs} ms`}
          </p>
          {onContinue ? <ContinueButton onContinue={onContinue} /> : null}
        </div>
      );
    case 'complete':
      return endsPlainly(message) ? null : (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          Ended by the backend: {message.finishReason?.replaceAll('_', ' ')}.
        </p>
      );
    default:
      return null;
  }
}
