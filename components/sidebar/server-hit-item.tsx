'use client';

import { memo, useState } from 'react';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import { useChatStoreApi } from '../store/use-chat-store';
import { useServerSyncHandle } from '../store/server-sync-context';
import { FOCUS_RING } from '../ui/button';

/** How long opening a conversation found on the server may take before it is given up. */
const OPEN_TIMEOUT_MS = 10_000;

/** Resolves once the store holds `id` (the server sync told it), or false after the timeout. */
function whenInStore(store: ChatStore, id: string): Promise<boolean> {
  if (store.getState().conversations[id]) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, OPEN_TIMEOUT_MS);
    const stop = store.subscribe((s) => {
      if (!s.conversations[id]) return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
  });
}

/**
 * A search match the server found and this browser does not hold yet: a link to `/c/<id>` that,
 * clicked, reads the conversation into the local copy and opens it (a new tab loads it the same
 * way through its own sync).
 */
export const ServerHitItem = memo(function ServerHitItem({
  id,
  title,
  onSelected,
}: {
  id: string;
  title: string;
  onSelected: () => void;
}) {
  const store = useChatStoreApi();
  const handle = useServerSyncHandle();
  const [opening, setOpening] = useState(false);
  const href = `/c/${encodeURIComponent(id)}`;
  return (
    <li>
      <a
        href={href}
        aria-busy={opening || undefined}
        onClick={(e) => {
          const sync = handle?.current();
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !sync) return;
          e.preventDefault();
          setOpening(true);
          void sync
            .bringIn([id])
            .then(() => whenInStore(store, id))
            .then(
              (found) => {
                setOpening(false);
                // Not arrived (the server did not answer in time): the link stays to try again.
                if (!found) return;
                store.getState().selectConversation(id);
                onSelected();
              },
              () => setOpening(false),
            );
        }}
        className={`flex min-h-9 w-full flex-col justify-center rounded-lg px-2.5 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60 ${FOCUS_RING}`}
      >
        <span className="block truncate">{title || 'Untitled'}</span>
        <span className="mt-0.5 block truncate text-xs text-zinc-500 dark:text-zinc-400">
          {opening ? 'Opening…' : 'In your account'}
        </span>
      </a>
    </li>
  );
});
