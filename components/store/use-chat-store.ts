'use client';

import { useContext, useRef } from 'react';
import { useStore } from 'zustand';
import type { ChatActions } from '@/lib/browser/chat/chat-actions';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import type { ChatState } from '@/lib/browser/chat/chat-state';
import { ChatStoreContext } from './chat-store-provider';

/** The chat store itself (for actions and one-off reads in event handlers). */
export function useChatStoreApi(): ChatStore {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error('useChatStore must be used inside <ChatStoreProvider>');
  return store;
}

/** Subscribes to a slice of the chat store; re-renders only when the slice changes. */
export function useChatStore<T>(selector: (state: ChatState & ChatActions) => T): T {
  return useStore(useChatStoreApi(), selector);
}

/**
 * Subscribes to a list of ids (messages, conversations); re-renders only when the list changes,
 * not with every token written into one of them. (zustand's `useShallow` does the same for any
 * value, and costs the page its general comparison.)
 */
export function useChatStoreIds(
  selector: (state: ChatState & ChatActions) => readonly string[],
): readonly string[] {
  const last = useRef<readonly string[]>([]);
  return useChatStore((s) => {
    const next = selector(s);
    const prev = last.current;
    if (next.length === prev.length && next.every((id, i) => id === prev[i])) return prev;
    last.current = next;
    return next;
  });
}
