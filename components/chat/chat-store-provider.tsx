'use client';

import { createContext, useState, type ReactNode } from 'react';
import { createChatStore, type ChatStore } from '@/lib/chat/chat-store';
import { createIdbBackend } from '@/lib/chat/kv-backend';
import { createStorageStash } from '@/lib/chat/meta-stash';
import { createPersistence } from '@/lib/chat/persistence';
import { browserStreamScheduler, browserTimers } from './browser-scheduling';
import { useStoreLifecycle } from './use-store-lifecycle';

/** The store of the nearest `ChatStoreProvider`. */
export const ChatStoreContext = createContext<ChatStore | null>(null);

function browserStore(): ChatStore {
  return createChatStore({
    createPersistence: (onFallback) =>
      createPersistence(
        createIdbBackend(),
        onFallback,
        createStorageStash(() => window.localStorage, 'runnel:meta-stash'),
      ),
    fetch: (...args) => window.fetch(...args),
    scheduleFrame: browserStreamScheduler(),
    timers: browserTimers,
  });
}

/**
 * Owns one chat store (ARCHITECTURE.md: one store per provider component, no module singleton),
 * loads it from IndexedDB, and writes pending changes when the page is hidden or closed.
 */
export function ChatStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(browserStore);
  useStoreLifecycle(store);
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}
