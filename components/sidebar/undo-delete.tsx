'use client';

import { useEffect } from 'react';
import type { Conversation } from '@/lib/browser/chat/conversation';
import { useChatStoreApi } from '../store/use-chat-store';
import { Button } from '../ui/text-button';

/** How long a deleted conversation can be brought back. */
const UNDO_MS = 10_000;

/** A conversation just deleted, and whether it was the open one. */
export interface Deleted {
  conversation: Conversation;
  wasOpen: boolean;
}

/**
 * "Deleted “…”. Undo" for a few seconds after a conversation is deleted: Undo puts it back as it
 * was (same id, every version), and opens it again if it was open. Loaded with the first deletion.
 */
export function UndoDelete({ deleted, onDone }: { deleted: Deleted; onDone: () => void }) {
  const store = useChatStoreApi();
  useEffect(() => {
    const timer = setTimeout(onDone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted, onDone]);
  const undo = () => {
    const { conversation, wasOpen } = deleted;
    void store
      .getState()
      .importConversation(conversation)
      .then((id) => {
        if (wasOpen) store.getState().selectConversation(id);
      });
    onDone();
  };
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-t border-zinc-200 bg-zinc-100 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-800"
    >
      <span className="min-w-0 flex-1 truncate">Deleted “{deleted.conversation.title}”.</span>
      <Button size="sm" variant="secondary" onClick={undo}>
        Undo
      </Button>
    </div>
  );
}
