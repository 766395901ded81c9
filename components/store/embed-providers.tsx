'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  createEmbedPersistence,
  type EmbedStorageKind,
} from '@/lib/browser/embed/embed-persistence';
import { probeIndexedDb } from '@/lib/browser/embed/storage-probe';
import { createVisitorFetch } from '@/lib/browser/embed/visitor-fetch';
import { visitorId } from '@/lib/browser/embed/visitor-id';
import type { EmbedPass } from '@/lib/protocol/embed-access';
import { ApiFetchContext } from './api-fetch';
import { ChatStoreProvider, type PersistenceFactory } from './chat-store-provider';
import { createQueryClient } from './query-client';

/**
 * The widget's persistence: its own database, in the iframe's partitioned IndexedDB when the
 * browser allows it and in memory when it does not; `onStorage` learns which.
 */
function embedPersistence(onStorage: (kind: EmbedStorageKind) => void): PersistenceFactory {
  const probe = async () => {
    const kind: EmbedStorageKind = (await probeIndexedDb(() => window.indexedDB))
      ? 'indexeddb'
      : 'memory';
    onStorage(kind);
    return kind;
  };
  return (onFallback) =>
    createEmbedPersistence(probe, (message) => {
      onStorage('memory');
      onFallback(message);
    });
}

/**
 * The widget's server state and chat store: the same store as the main page, so every chat
 * component works unchanged, with the widget's persistence, and API requests that carry the
 * visitor id (kept in the iframe's own storage) and the embed pass.
 */
export function EmbedProviders({
  onStorage,
  pass,
  children,
}: {
  /** Where the conversation is kept, once known. */
  onStorage: (kind: EmbedStorageKind) => void;
  /** The server's proof that requests come from this page; null without a sign-in method. */
  pass: EmbedPass | null;
  children: ReactNode;
}) {
  const [client] = useState(createQueryClient);
  const [persistence] = useState(() => embedPersistence(onStorage));
  const [apiFetch] = useState(() =>
    createVisitorFetch({
      visitorId: visitorId(() => window.localStorage),
      pass,
      fetch: (...args) => window.fetch(...args),
      now: () => Date.now(),
    }),
  );
  return (
    <QueryClientProvider client={client}>
      <ApiFetchContext.Provider value={apiFetch}>
        <ChatStoreProvider createPersistence={persistence}>{children}</ChatStoreProvider>
      </ApiFetchContext.Provider>
    </QueryClientProvider>
  );
}
