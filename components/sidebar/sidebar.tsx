'use client';

import { Suspense, useCallback, useDeferredValue, useState } from 'react';
import { useChatStoreApi } from '../store/use-chat-store';
import { IconButton } from '../ui/button';
import { Button } from '../ui/text-button';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { PlusIcon, SearchIcon, SidebarIcon } from '../ui/chat-page-icons';
import { ConversationList } from './conversation-list';
import { ImportButton } from './import-button';
import { loadSearch } from './load-search';
import type { Deleted } from './undo-delete';
import { useServerSyncHandle } from '../store/server-sync-context';

export interface SidebarProps {
  /** Called after a conversation was opened (the drawer closes on narrow screens). */
  onNavigate: () => void;
  /** Hides the sidebar on wide screens. */
  onHide: () => void;
}

/** Loaded when a deletion is first asked for, not with the page (docs/performance.md). */
const UndoDelete = lazyComponent(
  onDemand(() => import('./undo-delete')),
  (m) => m.UndoDelete,
);
/** Signed in: the code of the edits that work offline, loaded ahead (offline-edits.tsx). */
const OfflineEdits = lazyComponent(
  onDemand(() => import('./offline-edits')),
  (m) => m.OfflineEdits,
);
const DeleteConversationDialog = lazyComponent(
  onDemand(() => import('./delete-conversation-dialog')),
  (m) => m.DeleteConversationDialog,
);

/** Conversations with New chat, search, import; deleting asks first, and can be undone. */
export function Sidebar({ onNavigate, onHide }: SidebarProps) {
  const store = useChatStoreApi();
  const signedIn = useServerSyncHandle() !== null;
  const [query, setQuery] = useState('');
  // Typing stays responsive: the list follows the box a moment later when it has much to do.
  const deferredQuery = useDeferredValue(query);
  const [pendingDelete, setPendingDelete] = useState<{ id: string; title: string } | null>(null);
  // Mounted from the first request on, so that closing keeps its element (and the focus return).
  const [deleteAsked, setDeleteAsked] = useState(false);
  // The last deletion, which Undo can still take back.
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const endUndo = useCallback(() => setDeleted(null), []);
  const askDelete = useCallback((id: string, title: string) => {
    setDeleteAsked(true);
    setPendingDelete({ id, title });
  }, []);

  return (
    <nav aria-label="Conversations" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 px-3 pb-2 pt-3">
        <span className="flex flex-1 items-center gap-2 px-1 text-[15px] font-semibold tracking-tight">
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            className="text-teal-600 dark:text-teal-400"
          >
            <path
              d="M3 8c3-3 6 3 9 0s6 3 9 0M3 13c3-3 6 3 9 0s6 3 9 0M3 18c3-3 6 3 9 0s6 3 9 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          Runnel
        </span>
        <IconButton label="Hide sidebar" size="sm" className="max-md:hidden" onClick={onHide}>
          <SidebarIcon />
        </IconButton>
      </div>
      <div className="space-y-2 px-3 pb-3">
        <Button
          variant="secondary"
          className="w-full justify-start"
          icon={<PlusIcon />}
          onClick={() => {
            store.getState().startNewChat();
            onNavigate();
            document.getElementById('composer-input')?.focus();
          }}
        >
          New chat
        </Button>
        <label className="flex h-9 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-2.5 text-sm text-zinc-500 focus-within:border-teal-600 focus-within:ring-2 focus-within:ring-teal-600/25 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-400">
          <SearchIcon className="shrink-0" />
          <input
            type="search"
            aria-label="Search chats"
            placeholder="Search chats"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => {
              // While the reader starts typing: read the conversations once, in an idle moment.
              void loadSearch().then(({ prepareSearchWhenIdle }) =>
                prepareSearchWhenIdle(() => Object.values(store.getState().conversations)),
              );
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                setQuery('');
              }
            }}
            className="min-w-0 flex-1 bg-transparent text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100 dark:placeholder:text-zinc-400"
          />
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        <ConversationList query={deferredQuery} onSelected={onNavigate} onDelete={askDelete} />
      </div>
      <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <ImportButton onImported={onNavigate} />
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <OfflineEdits />
        </Suspense>
      )}
      {deleted && (
        <Suspense fallback={null}>
          <UndoDelete deleted={deleted} onDone={endUndo} />
        </Suspense>
      )}
      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            title={pendingDelete?.title ?? null}
            onClose={() => setPendingDelete(null)}
            onConfirm={() => {
              if (pendingDelete) {
                const s = store.getState();
                const conversation = s.conversations[pendingDelete.id];
                s.deleteConversation(pendingDelete.id);
                if (conversation)
                  setDeleted({ conversation, wasOpen: s.activeId === pendingDelete.id });
              }
              setPendingDelete(null);
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
