import { describe, expect, it } from 'vitest';
import { comboKeys } from './shortcut-labels';
import { shortcutFor } from './shortcut-list';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) =>
  ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  }) as KeyboardEvent;

describe('shortcutFor', () => {
  it('finds each action with Ctrl or ⌘', () => {
    expect(shortcutFor(key('O', { ctrlKey: true, shiftKey: true }), true)?.action).toBe('newChat');
    expect(shortcutFor(key('o', { metaKey: true, shiftKey: true }), true)?.action).toBe('newChat');
    expect(shortcutFor(key('k', { ctrlKey: true }), true)?.action).toBe('searchChats');
    expect(shortcutFor(key('C', { ctrlKey: true, shiftKey: true }), false)?.action).toBe(
      'copyLastAnswer',
    );
    expect(shortcutFor(key('Escape', { shiftKey: true }), true)?.action).toBe('focusComposer');
    expect(shortcutFor(key('Escape'), true)?.action).toBe('stop');
  });
  it('opens the help with "?" outside text fields only, and with Ctrl+/ anywhere', () => {
    expect(shortcutFor(key('?', { shiftKey: true }), false)?.action).toBe('help');
    expect(shortcutFor(key('?', { shiftKey: true }), true)).toBeUndefined();
    expect(shortcutFor(key('/', { ctrlKey: true }), true)?.action).toBe('help');
  });
  it('leaves plain typing and other combinations alone', () => {
    expect(shortcutFor(key('o'), false)).toBeUndefined();
    expect(shortcutFor(key('c', { ctrlKey: true }), true)).toBeUndefined();
    expect(shortcutFor(key('k', { ctrlKey: true, altKey: true }), true)).toBeUndefined();
  });
});

describe('comboKeys', () => {
  it('writes keys the way each system does', () => {
    expect(comboKeys({ key: 'o', mod: true, shift: true }, true)).toEqual(['⌘', '⇧', 'O']);
    expect(comboKeys({ key: 'o', mod: true, shift: true }, false)).toEqual(['Ctrl', 'Shift', 'O']);
    expect(comboKeys({ key: 'Escape', shift: true }, false)).toEqual(['Shift', 'Esc']);
  });
});
