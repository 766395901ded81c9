'use client';

import type { AssistantMessage } from '@/lib/browser/chat/message';
import { formatSeconds } from '../ui/format';
import { useNow } from '../ui/use-now';

/**
 * Between send and first token: the elapsed time, and the backend's status line when it sends one
 * (a cold model's startup stage), so a long wait never looks like a hang.
 */
export function WaitingLine({ message }: { message: AssistantMessage }) {
  const now = useNow(true, 100);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1 text-sm text-zinc-600 dark:text-zinc-400">
      <span className="flex items-center gap-2">
        <span className="flex gap-1" aria-hidden="true">
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-teal-600 [animation-delay:-0.3s] dark:bg-teal-400" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-teal-600 [animation-delay:-0.15s] dark:bg-teal-400" />
          <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-teal-600 dark:bg-teal-400" />
        </span>
        <span className="tabular-nums">
          Waiting for the model… {formatSeconds(now - message.timing.sentAt)}
        </span>
      </span>
      {message.statusMessage && (
        <span
          data-testid="backend-status"
          {...(message.queuePosition === undefined
            ? {}
            : { 'data-queue-position': message.queuePosition })}
          className="rounded-md bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {message.statusMessage}
        </span>
      )}
    </div>
  );
}
