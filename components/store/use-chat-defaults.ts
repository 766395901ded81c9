'use client';

import { useCallback, useSyncExternalStore } from 'react';
import {
  CHAT_DEFAULTS_KEY,
  parseChatDefaults,
  serializeChatDefaults,
} from '@/lib/browser/chat/chat-defaults';
import { DEFAULT_SETTINGS, type ConversationSettings } from '@/lib/browser/chat/conversation';
import { storedText } from './stored-text';

const STORED = storedText(CHAT_DEFAULTS_KEY);
let cached: { raw: string | null; value: ConversationSettings } = {
  raw: null,
  value: DEFAULT_SETTINGS,
};

/**
 * The reader's defaults for new chats on this browser (`localStorage`). The same object while the
 * stored text is the same, as `useSyncExternalStore` needs.
 */
export function readChatDefaults(): ConversationSettings {
  const raw = STORED.read();
  if (raw !== cached.raw) cached = { raw, value: parseChatDefaults(raw) };
  return cached.value;
}

/** The defaults for new chats, and their setter. */
export function useChatDefaults(): [ConversationSettings, (s: ConversationSettings) => void] {
  const defaults = useSyncExternalStore(STORED.subscribe, readChatDefaults, () => DEFAULT_SETTINGS);
  const save = useCallback(
    (settings: ConversationSettings) => STORED.write(serializeChatDefaults(settings)),
    [],
  );
  return [defaults, save];
}
