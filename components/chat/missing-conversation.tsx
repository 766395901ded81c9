'use client';

import { useChatStoreApi } from '../store/use-chat-store';
import { Button } from '../ui/text-button';
import { PlusIcon } from '../ui/chat-page-icons';

/**
 * An address naming a conversation this browser does not have: conversations live in the browser
 * that had them, so a link opened elsewhere (or after a deletion) lands here, with a way on.
 */
export function MissingConversation() {
  const store = useChatStoreApi();
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      <h1 className="text-xl font-semibold tracking-tight">
        This conversation is not on this device
      </h1>
      <p className="mt-2 max-w-md text-sm text-zinc-500 dark:text-zinc-400">
        Conversations are kept in the browser where they were written. This one may have been
        deleted, or it was opened in another browser or on another device.
      </p>
      <Button
        variant="primary"
        className="mt-5"
        icon={<PlusIcon />}
        onClick={() => {
          store.getState().startNewChat();
          document.getElementById('composer-input')?.focus();
        }}
      >
        Start a new chat
      </Button>
    </div>
  );
}
