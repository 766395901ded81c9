'use client';

import { Suspense, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useShortcuts, type ShortcutHandlers } from './use-shortcuts';

// The dialog is code the page needs only when someone presses "?".
const ShortcutsDialog = lazyComponent(
  onDemand(() => import('./shortcuts-dialog')),
  (m) => m.ShortcutsDialog,
);

/** The chat page's shortcuts, their dialog, and a short note when one did something unseen. */
export function KeyboardShortcuts(handlers: ShortcutHandlers) {
  const { helpOpen, closeHelp, notice } = useShortcuts(handlers);
  // Once loaded the dialog stays mounted, so closing it returns focus where it was.
  const [loaded, setLoaded] = useState(false);
  if (helpOpen && !loaded) setLoaded(true);
  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onClose={closeHelp} />
        </Suspense>
      )}
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-24 left-1/2 z-50 -translate-x-1/2"
      >
        {notice && (
          <p className="rounded-full bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900">
            {notice}
          </p>
        )}
      </div>
    </>
  );
}
