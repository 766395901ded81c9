'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createVisitorFetch } from '@/lib/browser/embed/visitor-fetch';
import { visitorId } from '@/lib/browser/embed/visitor-id';
import type { EmbedStorageKind } from '@/lib/embed/embed-persistence';
import type { EmbedOptions } from '@/lib/embed/embed-options';
import type { EmbedAllowlist } from '@/lib/embed/origins';
import type { EmbedPass } from '@/lib/protocol/embed-access';
import { ApiFetchContext } from '../queries/api-fetch';
import { EmbedChat } from './embed-chat';
import { EmbedStoreProvider } from './embed-store-provider';

/** The `/embed` page's client root: server state (TanStack Query) and the widget's chat store. */
export function EmbedApp({
  options,
  allowlist,
  pass,
}: {
  options: EmbedOptions;
  allowlist: EmbedAllowlist;
  /** Proof for the API that requests come from this page; null without a sign-in method. */
  pass: EmbedPass | null;
}) {
  const [apiFetch] = useState(() =>
    createVisitorFetch({
      visitorId: visitorId(() => window.localStorage),
      pass,
      fetch: (...args) => window.fetch(...args),
      now: () => Date.now(),
    }),
  );
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }),
  );
  const [storage, setStorage] = useState<EmbedStorageKind | null>(null);
  return (
    <QueryClientProvider client={client}>
      <ApiFetchContext.Provider value={apiFetch}>
        <EmbedStoreProvider onStorage={setStorage} apiFetch={apiFetch}>
          <EmbedChat options={options} allowlist={allowlist} storage={storage} />
        </EmbedStoreProvider>
      </ApiFetchContext.Provider>
    </QueryClientProvider>
  );
}
