'use client';

import { useEffect } from 'react';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { selectChosenModel } from '../store/selectors';

/**
 * Keeps the widget on the site's `data-model`: new chats start with it and a stored conversation
 * from an earlier configuration is moved to it. The widget shows no model picker, so the visitor
 * cannot change it.
 */
export function useLockedModel(model: string | null): void {
  const store = useChatStoreApi();
  const hydrated = useChatStore((s) => s.hydrated);
  const activeModel = useChatStore(selectChosenModel);
  useEffect(() => {
    if (!model || !hydrated || activeModel === model) return;
    const { activeId, setModel } = store.getState();
    setModel(activeId, model);
  }, [store, model, hydrated, activeModel]);
}
