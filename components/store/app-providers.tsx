'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createStorageStash } from '@/lib/browser/chat/meta-stash';
import { createPersistence } from '@/lib/browser/chat/persistence';
import { ThemeProvider } from '../theme/theme-provider';
import { ChatStoreProvider, type PersistenceFactory } from './chat-store-provider';
import { createQueryClient } from './query-client';

/** The chat page's conversations: its IndexedDB database, with the meta stash for page hide. */
const pagePersistence: PersistenceFactory = (onFallback) =>
  createPersistence(
    createIdbBackend(),
    onFallback,
    createStorageStash(() => window.localStorage, 'runnel:meta-stash'),
  );

/** Server state (TanStack Query), client state (the chat store) and the theme, per page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ChatStoreProvider createPersistence={pagePersistence} shareWithTabs>
          {children}
        </ChatStoreProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
