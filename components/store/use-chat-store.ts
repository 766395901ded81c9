'use client';

import { useContext, useRef } from 'react';
import { useStore } from 'zustand';
import type { ChatActions } from '@/lib/browser/chat/chat-actions';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import type { ChatState } from '@/lib/browser/chat/chat-state';
import type { Message } from '@/lib/browser/chat/message';
import { ChatStoreContext } from './chat-store-provider';
import { settledMessages } from './selectors';

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

/**
 * The open conversation's messages, left as they were while an answer streams in it
 * (`settledMessages`): for what reads the whole conversation, which would otherwise work through
 * it again with every update of the answer.
 */
export function useSettledMessages(): readonly Message[] {
  const kept = useRef<readonly Message[]>([]);
  return useChatStore((s) => (kept.current = settledMessages(kept.current, s)));
}
