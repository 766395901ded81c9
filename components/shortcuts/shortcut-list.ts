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
  combos: KeyCombo[];
}

/**
 * Every shortcut of the chat page, in the order the "Keyboard shortcuts" dialog lists them (their
 * names and how keys are written are in shortcut-labels.ts, loaded with the dialog).
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'newChat',
    combos: [{ key: 'o', mod: true, shift: true }],
  },
  {
    action: 'focusComposer',
    combos: [{ key: 'Escape', shift: true }],
  },
  { action: 'searchChats', combos: [{ key: 'k', mod: true }] },
  {
    action: 'copyLastAnswer',
    combos: [{ key: 'c', mod: true, shift: true }],
  },
  { action: 'stop', combos: [{ key: 'Escape' }] },
  {
    action: 'help',
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
