import { isAssistant } from '@/lib/browser/chat/message';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import { copyText } from '../ui/copy-button';
import type { ShortcutAction } from './shortcut-list';

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

/** What a shortcut's action needs from the page. */
export interface ShortcutContext {
  store: ChatStore;
  openSidebar: () => void;
  openHelp: () => void;
  /** Says something the action did that is not seen (copied, nothing to copy). */
  notify: (text: string) => void;
}

/**
 * Does what a shortcut says. Loaded with the first shortcut pressed, not with the page
 * (docs/performance.md); which keys are shortcuts is known at once (`shortcut-list.ts`).
 */
export function runShortcut(action: ShortcutAction, ctx: ShortcutContext): void {
  switch (action) {
    case 'newChat':
      ctx.store.getState().startNewChat();
      requestAnimationFrame(focusComposer);
      return;
    case 'focusComposer':
      focusComposer();
      return;
    case 'searchChats':
      ctx.openSidebar();
      // The drawer renders its contents on the next frame on a phone.
      requestAnimationFrame(() => controlNamed('Search chats')?.focus());
      return;
    case 'copyLastAnswer': {
      const s = ctx.store.getState();
      const messages = s.activeId ? (s.conversations[s.activeId]?.messages ?? []) : [];
      const last = [...messages].reverse().find((m) => isAssistant(m) && m.content);
      if (!last) {
        ctx.notify('There is no answer to copy yet');
        return;
      }
      void copyText(last.content).then((ok) =>
        ctx.notify(ok ? 'Copied the last answer' : 'Could not copy the answer'),
      );
      return;
    }
    case 'help':
      ctx.openHelp();
      return;
    case 'stop':
      return;
  }
}
