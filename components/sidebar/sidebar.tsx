'use client';

import { lazy, Suspense, useState } from 'react';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { Button } from '../ui/button';
import { PlusIcon } from '../ui/icons';
import { ConversationItem } from './conversation-item';

/** Loaded when a deletion is first asked for, not with the page (docs/performance.md). */
const DeleteConversationDialog = lazy(() =>
  import('./delete-conversation-dialog').then((m) => ({ default: m.DeleteConversationDialog })),
);

/** Conversations, most recent first, with New chat; deleting asks first. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const store = useChatStoreApi();
  const order = useChatStore((s) => s.order);
  const hydrated = useChatStore((s) => s.hydrated);
  const [pendingDelete, setPendingDelete] = useState<{ id: string; title: string } | null>(null);
  // Mounted from the first request on, so that closing keeps its element (and the focus return).
  const [deleteAsked, setDeleteAsked] = useState(false);

  return (
    <nav aria-label="Conversations" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 px-3 pb-2 pt-3">
        <span className="flex items-center gap-2 px-1 text-[15px] font-semibold tracking-tight">
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
      </div>
      <div className="px-3 pb-3">
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
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        {hydrated && order.length === 0 && (
          <p className="px-2.5 py-2 text-sm text-zinc-500">No conversations yet.</p>
        )}
        <ul className="space-y-0.5">
          {order.map((id) => (
            <ConversationItem
              key={id}
              id={id}
              onSelected={onNavigate}
              onDelete={(cid, title) => {
                setDeleteAsked(true);
                setPendingDelete({ id: cid, title });
              }}
            />
          ))}
        </ul>
      </div>
      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            title={pendingDelete?.title ?? null}
            onClose={() => setPendingDelete(null)}
            onConfirm={() => {
              if (pendingDelete) store.getState().deleteConversation(pendingDelete.id);
              setPendingDelete(null);
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
