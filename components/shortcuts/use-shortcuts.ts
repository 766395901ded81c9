'use client';

import { useEffect, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import { useChatStoreApi } from '../store/use-chat-store';
import { shortcutFor } from './shortcut-list';

function isEditable(el: Element | null): boolean {
  return (
    el instanceof HTMLElement &&
    (el.isContentEditable ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      (el.tagName === 'INPUT' &&
        !['button', 'checkbox', 'radio', 'range', 'submit'].includes(
          (el as HTMLInputElement).type,
        )))
  );
}

/** What the shortcuts do, loaded with the first one pressed. */
const shortcutActions = onDemand(() => import('./run-shortcut'));

export interface ShortcutHandlers {
  /** Shows the sidebar (a drawer on narrow screens) before its search box is focused. */
  openSidebar: () => void;
}

/**
 * The chat page's keyboard shortcuts (listed in `shortcut-list.ts`): new chat, focus the message
 * box, search chats, copy the last answer, and the "Keyboard shortcuts" dialog. Esc (stop) is
 * handled where the answer runs. Nothing fires while a dialog is open.
 */
export function useShortcuts({ openSidebar }: ShortcutHandlers) {
  const store = useChatStoreApi();
  const [helpOpen, setHelpOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 2000);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || document.querySelector('dialog[open]')) return;
      const shortcut = shortcutFor(e, isEditable(document.activeElement));
      if (!shortcut || shortcut.action === 'stop') return;
      e.preventDefault();
      const { action } = shortcut;
      void shortcutActions.load().then(({ runShortcut }) =>
        runShortcut(action, {
          store,
          openSidebar,
          openHelp: () => setHelpOpen(true),
          notify: setNotice,
        }),
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, openSidebar]);

  return {
    helpOpen,
    closeHelp: () => setHelpOpen(false),
    openHelp: () => setHelpOpen(true),
    notice,
  };
}
