'use client';

import {
  conversationToJson,
  conversationToMarkdown,
  exportFileName,
} from '@/lib/browser/chat/export';
import type { Conversation } from '@/lib/browser/chat/conversation';
import { useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING } from '../ui/button';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const ITEM = `block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${FOCUS_RING}`;

/** The export menu's popup: downloads the conversation as Markdown or JSON, then `onDone`. */
export function ExportMenuItems({
  conversationId,
  onDone,
}: {
  conversationId: string | null;
  onDone: () => void;
}) {
  const store = useChatStoreApi();
  const run = (fn: (c: Conversation) => void) => {
    const c = conversationId ? store.getState().conversations[conversationId] : undefined;
    if (c) fn(c);
    onDone();
  };
  return (
    <div className="absolute right-0 top-full z-30 mt-1 w-52 rounded-xl border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900">
      <button
        type="button"
        autoFocus
        className={ITEM}
        onClick={() =>
          run((c) => download(exportFileName(c, 'md'), 'text/markdown', conversationToMarkdown(c)))
        }
      >
        Export as Markdown
      </button>
      <button
        type="button"
        className={ITEM}
        onClick={() =>
          run((c) => download(exportFileName(c, 'json'), 'application/json', conversationToJson(c)))
        }
      >
        Export as JSON
      </button>
    </div>
  );
}
