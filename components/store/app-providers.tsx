'use client';

import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createStorageStash } from '@/lib/browser/chat/meta-stash';
import { createMergedPersistence } from '@/lib/browser/chat/merged-persistence';
import { createLazyRemoteSync } from '@/lib/browser/chat/lazy-remote-sync';
import { createWebRunLocks } from '@/lib/browser/chat/run-locks';
import { stashedRuns } from '@/lib/browser/chat/stashed-runs';
import { createBroadcastTabChannel } from '@/lib/browser/chat/tab-channel';
import { localCopyNames } from '@/lib/browser/sync/local-copy';
import { syncedPersistence } from '@/lib/browser/sync/synced-persistence';
import { ThemeProvider } from '../theme/theme-provider';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import {
  ChatStoreProvider,
  type PersistenceFactory,
  type TabSharingFactory,
} from './chat-store-provider';
import { nextTask } from './browser-scheduling';
import { ModelsProvider } from './models-provider';
import { QueryProvider } from './query-provider';
import {
  createServerSyncHandle,
  ServerSyncContext,
  type ServerSyncHandle,
} from './server-sync-context';
import { readChatDefaults } from './use-chat-defaults';

const conversationMerge = onDemand(() => import('@/lib/browser/chat/conversation-merge'));
/**
 * Keeping in step with the server is for signed-in users only: its code comes with their first
 * render, never to an open server's page (docs/performance.md).
 */
const serverSyncRunner = onDemand(() => import('./server-sync-runner'));
const ServerSyncRunner = lazyComponent(serverSyncRunner, (m) => m.ServerSyncRunner);

/**
 * The chat page's conversations: its IndexedDB database (the signed-in user's own), with the meta
 * stash for page hide, saved merged with what other tabs wrote — and, signed in, sent to the
 * server.
 */
function pagePersistence(sync: ServerSyncHandle | null): PersistenceFactory {
  const names = localCopyNames(sync?.user ?? null);
  return (onFallback) => {
    const local = createMergedPersistence(
      createIdbBackend(names.database),
      onFallback,
      createStorageStash(() => window.localStorage, names.stash),
      // Loaded when another tab has written a conversation this one saves (docs/performance.md).
      () =>
        conversationMerge.load().then(
          ({ mergeConversations }) =>
            (mine, stored) =>
              mergeConversations(mine, stored, Date.now()),
        ),
    );
    return sync ? syncedPersistence(local, () => sync.current()) : local;
  };
}

/** Other tabs of the chat page: told of changes, theirs merged in, runs known by their locks. */
function pageTabs(user: string | null): TabSharingFactory {
  return () => ({
    channel: createBroadcastTabChannel(localCopyNames(user).channel),
    locks: createWebRunLocks(),
    createRemoteSync: createLazyRemoteSync,
    stashedRuns,
  });
}

/**
 * Server state (TanStack Query: the model list, and signed in the conversations), client state
 * (the chat store) and the theme, per page. `user` names the signed-in user's local copy (not a
 * secret: a hash of who they are); null in open mode, where conversations stay in this browser.
 */
export function AppProviders({
  user = null,
  children,
}: {
  user?: string | null;
  children: ReactNode;
}) {
  const [sync] = useState<ServerSyncHandle | null>(() =>
    user ? createServerSyncHandle(user) : null,
  );
  // Signed in, the server sync writes the local copy too, so the page's next save of a
  // conversation merges: its code is loaded now, not first asked for offline, where it could not
  // load and the save would fail.
  useEffect(() => {
    if (sync) void conversationMerge.load().catch(() => undefined);
  }, [sync]);
  return (
    <QueryProvider>
      <ModelsProvider>
        <ThemeProvider>
          <ServerSyncContext.Provider value={sync}>
            <ChatStoreProvider
              createPersistence={pagePersistence(sync)}
              shareWithTabs={pageTabs(user)}
              defaults={readChatDefaults}
              storeOnServer={Boolean(sync)}
              // The first send's key press only updates the store and the composer.
              later={nextTask}
            >
              {sync ? (
                <Suspense fallback={null}>
                  <ServerSyncRunner handle={sync} />
                </Suspense>
              ) : null}
              {children}
            </ChatStoreProvider>
          </ServerSyncContext.Provider>
        </ThemeProvider>
      </ModelsProvider>
    </QueryProvider>
  );
}
