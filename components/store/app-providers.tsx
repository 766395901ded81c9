'use client';

import type { ReactNode } from 'react';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createStorageStash } from '@/lib/browser/chat/meta-stash';
import { createPersistence } from '@/lib/browser/chat/persistence';
import { createLazyRemoteSync } from '@/lib/browser/chat/lazy-remote-sync';
import { createWebRunLocks } from '@/lib/browser/chat/run-locks';
import { createBroadcastTabChannel } from '@/lib/browser/chat/tab-channel';
import { ThemeProvider } from '../theme/theme-provider';
import { onDemand } from '../ui/on-demand';
import {
  ChatStoreProvider,
  type PersistenceFactory,
  type TabSharingFactory,
} from './chat-store-provider';
import { ModelsProvider } from './models-provider';
import { QueryProvider } from './query-provider';
import { readChatDefaults } from './use-chat-defaults';

const conversationMerge = onDemand(() => import('@/lib/browser/chat/conversation-merge'));

/**
 * The chat page's conversations: its IndexedDB database, with the meta stash for page hide, saved
 * merged with what other tabs wrote.
 */
const pagePersistence: PersistenceFactory = (onFallback) =>
  createPersistence(
    createIdbBackend(),
    onFallback,
    createStorageStash(() => window.localStorage, 'runnel:meta-stash'),
    // Loaded when another tab has written a conversation this one saves (docs/performance.md).
    () =>
      conversationMerge.load().then(
        ({ mergeConversations }) =>
          (mine, stored) =>
            mergeConversations(mine, stored, Date.now()),
      ),
  );

/** Other tabs of the chat page: told of changes, theirs merged in, runs known by their locks. */
const pageTabs: TabSharingFactory = () => ({
  channel: createBroadcastTabChannel(),
  locks: createWebRunLocks(),
  createRemoteSync: createLazyRemoteSync,
});

/** Server state (TanStack Query: the model list), client state (the chat store) and the theme, per page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <ModelsProvider>
        <ThemeProvider>
          <ChatStoreProvider
            createPersistence={pagePersistence}
            shareWithTabs={pageTabs}
            defaults={readChatDefaults}
          >
            {children}
          </ChatStoreProvider>
        </ThemeProvider>
      </ModelsProvider>
    </QueryProvider>
  );
}
