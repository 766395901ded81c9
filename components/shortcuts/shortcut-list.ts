/** What a shortcut does. */
export type ShortcutAction =
  'newChat' | 'focusComposer' | 'searchChats' | 'copyLastAnswer' | 'stop' | 'help';

/**
 * A key combination: `mod` is ⌘ on Apple systems and Ctrl elsewhere. `typing: false` combinations
 * do nothing while focus is in a text field, where the key is a character to type.
 */
export interface KeyCombo {
  key: string;
  mod?: boolean;
  shift?: boolean;
  typing?: false;
}

export interface Shortcut {
  action: ShortcutAction;
  label: string;
  combos: KeyCombo[];
}

/** Every shortcut of the chat page, in the order the "Keyboard shortcuts" dialog lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'newChat',
    label: 'New chat',
    combos: [{ key: 'o', mod: true, shift: true }],
  },
  {
    action: 'focusComposer',
    label: 'Focus the message box',
    combos: [{ key: 'Escape', shift: true }],
  },
  { action: 'searchChats', label: 'Search chats', combos: [{ key: 'k', mod: true }] },
  {
    action: 'copyLastAnswer',
    label: 'Copy the last answer',
    combos: [{ key: 'c', mod: true, shift: true }],
  },
  { action: 'stop', label: 'Stop the answer', combos: [{ key: 'Escape' }] },
  {
    action: 'help',
    label: 'Show keyboard shortcuts',
    combos: [
      { key: '?', typing: false },
      { key: '/', mod: true },
    ],
  },
];

/** Whether the event is the combination (letters ignore case; Shift is part of "?" itself). */
function matches(e: KeyboardEvent, combo: KeyCombo): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (Boolean(combo.mod) !== mod || e.altKey) return false;
  if (combo.key === '?') return e.key === '?';
  if (Boolean(combo.shift) !== e.shiftKey) return false;
  return e.key.toLowerCase() === combo.key.toLowerCase();
}

/** The shortcut an event triggers, if any. `inText`: focus is in an editable field. */
export function shortcutFor(e: KeyboardEvent, inText: boolean): Shortcut | undefined {
  return SHORTCUTS.find((s) =>
    s.combos.some((c) => (c.typing !== false || !inText) && matches(e, c)),
  );
}

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
