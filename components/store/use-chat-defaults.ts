'use client';

import { useCallback, useSyncExternalStore } from 'react';
import {
  CHAT_DEFAULTS_KEY,
  parseChatDefaults,
  serializeChatDefaults,
} from '@/lib/browser/chat/chat-defaults';
import { DEFAULT_SETTINGS, type ConversationSettings } from '@/lib/browser/chat/conversation';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ConversationSettings } = {
  raw: null,
  value: DEFAULT_SETTINGS,
};

function rawDefaults(): string | null {
  try {
    return window.localStorage.getItem(CHAT_DEFAULTS_KEY);
  } catch {
    return null;
  }
}

/**
 * The reader's defaults for new chats on this browser (`localStorage`). The same object while the
 * stored text is the same, as `useSyncExternalStore` needs.
 */
export function readChatDefaults(): ConversationSettings {
  const raw = rawDefaults();
  if (raw !== cached.raw) cached = { raw, value: parseChatDefaults(raw) };
  return cached.value;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Defaults saved in another tab hold here too.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The defaults for new chats, and their setter. */
export function useChatDefaults(): [ConversationSettings, (s: ConversationSettings) => void] {
  const defaults = useSyncExternalStore(subscribe, readChatDefaults, () => DEFAULT_SETTINGS);
  const save = useCallback((settings: ConversationSettings) => {
    try {
      window.localStorage.setItem(CHAT_DEFAULTS_KEY, serializeChatDefaults(settings));
    } catch {
      // No storage: nothing to remember them in.
    }
    for (const l of listeners) l();
  }, []);
  return [defaults, save];
}
