'use client';

import { createContext, useState, type ReactNode } from 'react';
import { createChatStore, type ChatStore } from '@/lib/browser/chat/chat-store';
import type { ChatStoreDeps } from '@/lib/browser/chat/chat-store-deps';
import { useApiFetch } from './use-api-fetch';
import { browserNetwork } from './browser-network';
import { browserStreamScheduler, browserTimers, shownPage } from './browser-scheduling';
import { useStoreLifecycle } from './use-store-lifecycle';

/** The store of the nearest `ChatStoreProvider`. */
export const ChatStoreContext = createContext<ChatStore | null>(null);

/**
 * How a page shares its conversations with its other tabs, and with itself after a reload (the
 * chat page; not the widget).
 */
export type TabSharingFactory = () => Pick<
  ChatStoreDeps,
  'channel' | 'locks' | 'createRemoteSync' | 'stashedRuns'
>;

/** Where a page keeps its conversations (the chat page's database, or the widget's). */
export type PersistenceFactory = NonNullable<ChatStoreDeps['createPersistence']>;

/**
 * Owns one chat store (one store per provider component, no module singleton, so the page and
 * the widget each have theirs), with the API fetch of the nearest `ApiFetchContext`, frame scheduling and timers and the given
 * persistence; loads it on mount and writes pending changes when the page is hidden or closed.
 */
export function ChatStoreProvider({
  createPersistence,
  shareWithTabs,
  defaults,
  storeOnServer,
  later,
  children,
}: {
  /** Read once, when the store is created. */
  createPersistence: PersistenceFactory;
  /**
   * When other tabs show the same conversations (the chat page): changes are then announced to
   * them and theirs merged in, and answers streaming elsewhere are left to their tab. Read once.
   */
  shareWithTabs?: TabSharingFactory;
  /** The reader's settings for new chats (the chat page's); the model defaults without. */
  defaults?: ChatStoreDeps['defaults'];
  /** Signed in: answers are stored on the server too (each request names its conversation). */
  storeOnServer?: boolean;
  /** Where answers' requests start (chat-store-deps.ts); at once without. Read once. */
  later?: ChatStoreDeps['later'];
  children: ReactNode;
}) {
  const apiFetch = useApiFetch();
  const [store] = useState(() =>
    createChatStore({
      createPersistence,
      fetch: apiFetch,
      scheduleFrame: browserStreamScheduler(),
      paceEnd: shownPage,
      timers: browserTimers,
      network: browserNetwork,
      defaults,
      storeOnServer,
      later,
      // Not while rendering on the server: Node has a BroadcastChannel of its own.
      ...(shareWithTabs && typeof window !== 'undefined' ? shareWithTabs() : {}),
    }),
  );
  useStoreLifecycle(store);
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}
