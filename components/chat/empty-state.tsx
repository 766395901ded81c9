'use client';

import { useActiveModel } from '../store/use-active-model';
import { useModels } from '../store/use-models';
import { ModelBadges } from '../header/model-badges';
import { SuggestedPrompts } from './suggested-prompts';

/** The new-chat screen: what model answers, that nothing has been said yet, suggested prompts. */
export function EmptyState() {
  const { info, loading } = useActiveModel();
  const { suggested_prompts: prompts, notice } = useModels().data ?? {};
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center-safe overflow-y-auto px-6 py-6 text-center">
      <svg
        viewBox="0 0 24 24"
        width="44"
        height="44"
        aria-hidden="true"
        className="mb-4 text-teal-600 dark:text-teal-400"
      >
        <path
          d="M3 8c3-3 6 3 9 0s6 3 9 0M3 13c3-3 6 3 9 0s6 3 9 0M3 18c3-3 6 3 9 0s6 3 9 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      {notice && (
        <p
          role="status"
          className="mb-4 max-w-md rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight">What can I help with?</h1>
      <p className="mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        {info
          ? info.kind === 'completion'
            ? `${info.label} is a text-completion model: write the beginning of a text and it continues it.`
            : `Answers stream from ${info.label}. Conversations stay in this browser.`
          : loading
            ? 'Loading models…'
            : 'No model is available yet.'}
      </p>
      {info && (
        <div className="mt-3">
          <ModelBadges model={info} />
        </div>
      )}
      {prompts?.length ? <SuggestedPrompts prompts={prompts} /> : null}
    </div>
  );
}
