'use client';

import { useSyncExternalStore } from 'react';
import { Dialog } from '../ui/dialog';
import { comboKeys, SHORTCUT_LABELS } from './shortcut-labels';
import { SHORTCUTS } from './shortcut-list';

const noSubscribe = () => () => undefined;

/** Apple systems write ⌘ where others write Ctrl. */
function useApple(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );
}

/** The "Keyboard shortcuts" dialog (loaded when first opened), opened with "?". */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const apple = useApple();
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <dl className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="flex items-center justify-between gap-4 py-2">
            <dt>{SHORTCUT_LABELS[s.action]}</dt>
            <dd className="flex shrink-0 flex-wrap justify-end gap-2">
              {s.combos.map((combo) => (
                <span key={combo.key} className="flex gap-1">
                  {comboKeys(combo, apple).map((k) => (
                    <kbd
                      key={k}
                      className="min-w-6 rounded-md border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 text-center font-mono text-xs text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
                    >
                      {k}
                    </kbd>
                  ))}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
