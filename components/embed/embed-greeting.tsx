'use client';

import { useDisplayOptions } from '../store/use-display-options';
import { useActiveModel } from '../store/use-active-model';

/**
 * The site's greeting set like an answer, so visitors read it as the assistant speaking: alone
 * before the first message, then first in the conversation.
 */
export function GreetingMessage({ greeting }: { greeting: string | null }) {
  return (
    <article aria-label="Greeting" data-role="greeting" className="max-w-[95%]">
      <div className="mb-1.5 flex items-center gap-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        <span
          className="inline-block h-2 w-2 rounded-full bg-[var(--embed-accent,var(--color-teal-600))]"
          aria-hidden="true"
        />
        Assistant
      </div>
      <p className="whitespace-pre-line text-[15px] leading-relaxed">
        {greeting ?? 'Hi! How can I help?'}
      </p>
    </article>
  );
}

/**
 * The widget before the first message: the site's greeting (or a plain invitation), set like an
 * answer so visitors read it as the assistant speaking. Which model answers is said only when the
 * site asks for details.
 */
export function EmbedGreeting({ greeting }: { greeting: string | null }) {
  const { info, loading } = useActiveModel();
  const { showDetails } = useDisplayOptions();
  const unavailable = !info && !loading;
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-end overflow-y-auto px-4 pb-4">
      <GreetingMessage greeting={greeting} />
      {(showDetails || unavailable) && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {info
            ? `Answers come from ${info.label}.`
            : loading
              ? 'Loading…'
              : 'The assistant is not available right now.'}
        </p>
      )}
    </div>
  );
}
