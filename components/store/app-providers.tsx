'use client';

import type { ReactNode } from 'react';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createStorageStash } from '@/lib/browser/chat/meta-stash';
import { createPersistence } from '@/lib/browser/chat/persistence';
import { ThemeProvider } from '../theme/theme-provider';
import { ChatStoreProvider, type PersistenceFactory } from './chat-store-provider';
import { ModelsProvider } from './models-provider';

/** The chat page's conversations: its IndexedDB database, with the meta stash for page hide. */
const pagePersistence: PersistenceFactory = (onFallback) =>
  createPersistence(
    createIdbBackend(),
    onFallback,
    createStorageStash(() => window.localStorage, 'runnel:meta-stash'),
  );

/** Server state (the model list), client state (the chat store) and the theme, per page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ModelsProvider>
      <ThemeProvider>
        <ChatStoreProvider createPersistence={pagePersistence}>{children}</ChatStoreProvider>
      </ThemeProvider>
    </ModelsProvider>
  );
}
