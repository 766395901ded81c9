'use client';

import { Suspense } from 'react';
import type { Attachment } from '@/lib/browser/attachments/attachment';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/** Only messages with files show them: loaded then (docs/performance.md). */
const AttachmentChip = lazyComponent(
  onDemand(() => import('../ui/attachment-chip')),
  (m) => m.AttachmentChip,
);

/**
 * The files of a question, above it. The chat page shows them (display options); the widget, which
 * takes no files, has none to show and does not load this.
 */
export function MessageFiles({ attachments }: { attachments: readonly Attachment[] }) {
  return (
    <ul aria-label="Attachments" className="mb-2 flex max-w-[85%] flex-wrap justify-end gap-2">
      <Suspense fallback={null}>
        {attachments.map((a, i) => (
          <AttachmentChip key={`${i}-${a.name}`} attachment={a} />
        ))}
      </Suspense>
    </ul>
  );
}
