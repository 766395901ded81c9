'use client';

import { useChatStore } from '../store/use-chat-store';

/**
 * The polite status region: "Generating…" when an answer starts, "Response complete" (or how it
 * ended otherwise) when it ends. Never tokens: the message log itself is not live.
 */
export function LiveStatus() {
  const announcement = useChatStore((s) => s.announcement);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="sr-only"
      data-seq={announcement?.seq}
    >
      {announcement?.text ?? ''}
    </div>
  );
}
