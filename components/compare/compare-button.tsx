'use client';

import { Suspense, useState } from 'react';
import type { CompareSession } from '@/lib/browser/chat/compare-run';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { selectActiveRunning } from '../store/selectors';
import { useChatStore } from '../store/use-chat-store';
import { useModels } from '../store/use-models';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/**
 * Picking the models and starting a comparison are loaded when first wanted (the pointer on the
 * button, or focus), not with the page (docs/performance.md).
 */
const dialog = onDemand(() => import('./compare-dialog'));
const CompareDialog = lazyComponent(dialog, (m) => m.CompareDialog);
const preload = () => void dialog.load();

/**
 * "Compare" beside Send: the message in the box goes to two or three models at once, their answers
 * side by side. Offered once there is text to send, nothing streams, and two chat models exist.
 */
export function CompareButton({
  busy,
  onStart,
}: {
  /** A comparison is open (in this or another conversation): one at a time. */
  busy: boolean;
  onStart: (session: CompareSession) => void;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const ready = useChatStore(
    (s) => s.hydrated && (s.drafts[s.activeId ?? NEW_CHAT_DRAFT] ?? '').trim() !== '',
  );
  const running = useChatStore(selectActiveRunning);
  const chatModels = useModels().data?.models.filter((m) => m.kind === 'chat').length ?? 0;
  if (chatModels < 2) return null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={!ready || running || busy}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="h-8 shrink-0 rounded-lg px-2.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:text-zinc-400 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:disabled:text-zinc-600"
      >
        Compare
      </button>
      {used && (
        <Suspense fallback={null}>
          <CompareDialog open={open} onClose={() => setOpen(false)} onStart={onStart} />
        </Suspense>
      )}
    </>
  );
}
