'use client';

import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING } from '../ui/button';

/**
 * The server's `SUGGESTED_PROMPTS` on the new-chat screen. A click puts the prompt in the message
 * box, ready to edit or send, rather than sending it at once.
 */
export function SuggestedPrompts({ prompts }: { prompts: readonly string[] }) {
  const store = useChatStoreApi();
  return (
    <ul aria-label="Suggested prompts" className="mt-6 grid w-full max-w-xl gap-2 sm:grid-cols-2">
      {prompts.map((prompt) => (
        <li key={prompt}>
          <button
            type="button"
            onClick={() => {
              const s = store.getState();
              s.setDraft(s.activeId ?? NEW_CHAT_DRAFT, prompt);
              document.getElementById('composer-input')?.focus();
            }}
            className={`h-full w-full rounded-xl border border-zinc-200 px-4 py-3 text-left text-sm text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-900 ${FOCUS_RING}`}
          >
            {prompt}
          </button>
        </li>
      ))}
    </ul>
  );
}
