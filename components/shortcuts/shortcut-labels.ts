import type { KeyCombo, ShortcutAction } from './shortcut-list';

/** What each shortcut does, as the "Keyboard shortcuts" dialog names it. */
export const SHORTCUT_LABELS: Record<ShortcutAction, string> = {
  newChat: 'New chat',
  focusComposer: 'Focus the message box',
  searchChats: 'Search chats',
  copyLastAnswer: 'Copy the last answer',
  stop: 'Stop the answer',
  help: 'Show keyboard shortcuts',
};

/** How a combination is written on this system: "⌘ ⇧ O" on a Mac, "Ctrl Shift O" elsewhere. */
export function comboKeys(combo: KeyCombo, apple: boolean): string[] {
  const keys: string[] = [];
  if (combo.mod) keys.push(apple ? '⌘' : 'Ctrl');
  if (combo.shift) keys.push(apple ? '⇧' : 'Shift');
  keys.push(
    combo.key === 'Escape' ? 'Esc' : combo.key.length === 1 ? combo.key.toUpperCase() : combo.key,
  );
  return keys;
}
