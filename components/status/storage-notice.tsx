'use client';

import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { IconButton } from '../ui/button';
import { CloseIcon } from '../ui/icons';

/** Storage failed (quota, private mode): say so once; the app keeps working in memory. */
export function StorageNotice() {
  const store = useChatStoreApi();
  const notice = useChatStore((s) => s.storageNotice);
  if (!notice) return null;
  return (
    <div
      role="alert"
      className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <p className="min-w-0 flex-1">{notice}</p>
        <IconButton
          label="Dismiss"
          size="sm"
          onClick={() => store.getState().dismissStorageNotice()}
        >
          <CloseIcon />
        </IconButton>
      </div>
    </div>
  );
}
