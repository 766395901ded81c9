'use client';

import { useSyncExternalStore } from 'react';
import { CHAT_DEFAULTS_KEY, parseChatDefaults } from '@/lib/browser/chat/chat-defaults';
import { DEFAULT_SETTINGS, type ConversationSettings } from '@/lib/browser/chat/conversation';
import { storedText } from './stored-text';

/**
 * Where the defaults are kept. The settings dialog (loaded on demand) writes them through it, so
 * that every reader here hears the change, and brings the code that writes them.
 */
export const STORED_CHAT_DEFAULTS = storedText(CHAT_DEFAULTS_KEY);
let cached: { raw: string | null; value: ConversationSettings } = {
  raw: null,
  value: DEFAULT_SETTINGS,
};

/**
 * The reader's defaults for new chats on this browser (`localStorage`). The same object while the
 * stored text is the same, as `useSyncExternalStore` needs.
 */
export function readChatDefaults(): ConversationSettings {
  const raw = STORED_CHAT_DEFAULTS.read();
  if (raw !== cached.raw) cached = { raw, value: parseChatDefaults(raw) };
  return cached.value;
}

/** The defaults for new chats (the settings dialog saves them, `STORED_CHAT_DEFAULTS`). */
export function useChatDefaults(): ConversationSettings {
  return useSyncExternalStore(
    STORED_CHAT_DEFAULTS.subscribe,
    readChatDefaults,
    () => DEFAULT_SETTINGS,
  );
}
