'use client';

import { useState, type ReactNode } from 'react';
import { createChatStore, type ChatStore } from '@/lib/chat/chat-store';
import { createEmbedPersistence, type EmbedStorageKind } from '@/lib/embed/embed-persistence';
import { probeIndexedDb } from '@/lib/embed/storage-probe';
import { browserStreamScheduler, browserTimers } from '../chat/browser-scheduling';
import { ChatStoreContext } from '../chat/chat-store-provider';
import { useStoreLifecycle } from '../chat/use-store-lifecycle';

/**
 * The same chat store as the main page, with the widget's persistence: its own database, in the
 * iframe's partitioned IndexedDB when the browser allows it and in memory when it does not.
 * (Scheduling and timers are the page's, from browser-scheduling.ts; `ChatStoreProvider`
 * hard-wires the main page's database, so the widget builds its store here rather than changing
 * it.)
 */
function embedStore(
  onStorage: (kind: EmbedStorageKind) => void,
  apiFetch: typeof fetch,
): ChatStore {
  const probe = async () => {
    const kind: EmbedStorageKind = (await probeIndexedDb(() => window.indexedDB))
      ? 'indexeddb'
      : 'memory';
    onStorage(kind);
    return kind;
  };
  return createChatStore({
    createPersistence: (onFallback) =>
      createEmbedPersistence(probe, (message) => {
        onStorage('memory');
        onFallback(message);
      }),
    fetch: apiFetch,
    scheduleFrame: browserStreamScheduler(),
    timers: browserTimers,
  });
}

/**
 * Owns the widget's chat store and provides it through the chat UI's own context, so every chat
 * component works unchanged. Loads it on mount; writes pending changes when the page is hidden.
 */
export function EmbedStoreProvider({
  onStorage,
  apiFetch,
  children,
}: {
  /** Where the conversation is kept, once known. */
  onStorage: (kind: EmbedStorageKind) => void;
  /** The widget's fetch (visitor id and embed pass on API requests). */
  apiFetch: typeof fetch;
  children: ReactNode;
}) {
  const [store] = useState(() => embedStore(onStorage, apiFetch));
  useStoreLifecycle(store);
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}
