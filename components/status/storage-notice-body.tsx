'use client';

import type { StorageFailure } from '@/lib/browser/chat/persistence';
import { IconButton } from '../ui/button';
import { CloseIcon } from '../ui/close-icon';

/** What each storage failure means for the reader, said only when it happens. */
const STORAGE_SENTENCES: Record<StorageFailure, string> = {
  full: 'Browser storage is full, so new messages are kept in memory only and will be lost when this tab closes. Export conversations you want to keep.',
  unavailable:
    'Browser storage is unavailable (private browsing or blocked storage), so conversations are kept in memory only and will be lost when this tab closes.',
};

/** The storage notice's text and its Dismiss button. */
export function StorageNoticeBody({
  notice,
  onDismiss,
}: {
  notice: StorageFailure;
  onDismiss: () => void;
}) {
  return (
    <div
      role="alert"
      className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <p className="min-w-0 flex-1">{STORAGE_SENTENCES[notice]}</p>
        <IconButton label="Dismiss" size="sm" onClick={onDismiss}>
          <CloseIcon />
        </IconButton>
      </div>
    </div>
  );
}
