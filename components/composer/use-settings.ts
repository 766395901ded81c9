'use client';

import { useCallback } from 'react';
import type { ConversationSettings } from '@/lib/chat/conversation';
import { useChatStore, useChatStoreApi } from '../chat/use-chat-store';

/** Settings of the open conversation, or of the next new chat; and their setter. */
export function useSettings(): [ConversationSettings, (patch: Partial<ConversationSettings>) => void] {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const settings = useChatStore((s) => (s.activeId ? s.conversations[s.activeId]?.settings : undefined) ?? s.newChatSettings);
  const update = useCallback(
    (patch: Partial<ConversationSettings>) => store.getState().updateSettings(activeId, patch),
    [store, activeId],
  );
  return [settings, update];
}
