'use client';

import { useState, type ReactNode } from 'react';
import {
  createEmbedPersistence,
  type EmbedStorageKind,
} from '@/lib/browser/embed/embed-persistence';
import { probeIndexedDb } from '@/lib/browser/embed/storage-probe';
import { ApiFetchContext } from './use-api-fetch';
import { ChatStoreProvider, type PersistenceFactory } from './chat-store-provider';
import { EmbedModelsProvider } from './embed-models-provider';

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
    createEmbedPersistence(probe, (failure) => {
      onStorage('memory');
      onFallback(failure);
    });
}

/**
 * The widget's model list and chat store: the same store as the main page, so every chat
 * component works unchanged, with the widget's persistence, and its API requests made with the
 * given `fetch` (which names the visitor: EmbedApp).
 */
export function EmbedProviders({
  onStorage,
  fetch,
  children,
}: {
  /** Where the conversation is kept, once known. */
  onStorage: (kind: EmbedStorageKind) => void;
  /** The widget's API fetch (visitor id, host origin, embed pass). */
  fetch: typeof window.fetch;
  children: ReactNode;
}) {
  const [persistence] = useState(() => embedPersistence(onStorage));
  return (
    <ApiFetchContext.Provider value={fetch}>
      <EmbedModelsProvider>
        <ChatStoreProvider createPersistence={persistence}>{children}</ChatStoreProvider>
      </EmbedModelsProvider>
    </ApiFetchContext.Provider>
  );
}
