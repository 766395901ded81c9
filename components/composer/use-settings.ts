'use client';

import { useCallback } from 'react';
import type { ConversationSettings } from '@/lib/browser/chat/conversation';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { selectActiveSettings } from '../store/selectors';

/** Settings of the open conversation, or of the next new chat; and their setter. */
export function useSettings(): [
  ConversationSettings,
  (patch: Partial<ConversationSettings>) => void,
] {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const settings = useChatStore(selectActiveSettings);
  const update = useCallback(
    (patch: Partial<ConversationSettings>) => store.getState().updateSettings(activeId, patch),
    [store, activeId],
  );
  return [settings, update];
}
