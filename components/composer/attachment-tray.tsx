'use client';

import { AttachmentChip } from '../ui/attachment-chip';
import type { PendingAttachments } from './use-attachments';

/** The files waiting to be sent, above the message box, each with a button to remove it. */
export function AttachmentTray({ pending }: { pending: PendingAttachments }) {
  if (!pending.attachments.length && !pending.busy) return null;
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-3 px-3 pt-3">
      {pending.attachments.map((a, i) => (
        <AttachmentChip key={`${i}-${a.name}`} attachment={a} onRemove={() => pending.remove(i)} />
      ))}
      {pending.busy && (
        <li className="flex h-16 items-center rounded-lg border border-dashed border-zinc-300 px-3 text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">
          Preparing…
        </li>
      )}
    </ul>
  );
}
