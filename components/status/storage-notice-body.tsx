'use client';

import { IconButton } from '../ui/button';
import { CloseIcon } from '../ui/conversation-icons';

/** The storage notice's text and its Dismiss button. */
export function StorageNoticeBody({
  notice,
  onDismiss,
}: {
  notice: string;
  onDismiss: () => void;
}) {
  return (
    <div
      role="alert"
      className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <p className="min-w-0 flex-1">{notice}</p>
        <IconButton label="Dismiss" size="sm" onClick={onDismiss}>
          <CloseIcon />
        </IconButton>
      </div>
    </div>
  );
}
