'use client';

import { useActiveModel } from '../store/use-active-model';

/** The widget before the first message: the site's greeting, or a plain invitation. */
export function EmbedGreeting({ greeting }: { greeting: string | null }) {
  const { info, loading } = useActiveModel();
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-end overflow-y-auto px-4 pb-4">
      <p className="max-w-[90%] self-start whitespace-pre-line rounded-2xl rounded-bl-md bg-zinc-100 px-4 py-2.5 text-[15px] leading-relaxed dark:bg-zinc-800">
        {greeting ?? 'Hi! How can I help?'}
      </p>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {info
          ? `Answers come from ${info.label}.`
          : loading
            ? 'Loading…'
            : 'The assistant is not available right now.'}
      </p>
    </div>
  );
}
