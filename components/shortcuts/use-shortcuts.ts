'use client';

import { useEffect, useState } from 'react';
import { isAssistant } from '@/lib/browser/chat/message';
import { useChatStoreApi } from '../store/use-chat-store';
import { copyText } from '../ui/copy-button';
import { shortcutFor } from './shortcut-list';

/** The chat's message box (its id is the composer's label target). */
function focusComposer(): void {
  document.getElementById('composer-input')?.focus();
}

/** The form control named `name`, by `aria-label` or by its `<label>`. */
function controlNamed(name: string): HTMLElement | null {
  const byAria = document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(name)}"]`);
  if (byAria) return byAria;
  for (const label of document.querySelectorAll('label')) {
    if (label.textContent?.trim() === name && label.control) return label.control;
  }
  return null;
}

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
      switch (shortcut.action) {
        case 'newChat':
          store.getState().startNewChat();
          requestAnimationFrame(focusComposer);
          return;
        case 'focusComposer':
          focusComposer();
          return;
        case 'searchChats': {
          openSidebar();
          // The drawer renders its contents on the next frame on a phone.
          requestAnimationFrame(() => controlNamed('Search chats')?.focus());
          return;
        }
        case 'copyLastAnswer': {
          const s = store.getState();
          const messages = s.activeId ? (s.conversations[s.activeId]?.messages ?? []) : [];
          const last = [...messages].reverse().find((m) => isAssistant(m) && m.content);
          if (!last) {
            setNotice('There is no answer to copy yet');
            return;
          }
          void copyText(last.content).then((ok) =>
            setNotice(ok ? 'Copied the last answer' : 'Could not copy the answer'),
          );
          return;
        }
        case 'help':
          setHelpOpen(true);
          return;
      }
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
