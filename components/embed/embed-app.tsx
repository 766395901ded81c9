'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createVisitor } from '@/lib/browser/embed/visitor';
import type { EmbedStorageKind } from '@/lib/embed/embed-persistence';
import type { EmbedOptions } from '@/lib/embed/embed-options';
import type { EmbedAllowlist } from '@/lib/embed/origins';
import { EmbedChat } from './embed-chat';
import { EmbedStoreProvider } from './embed-store-provider';

/** The `/embed` page's client root: server state (TanStack Query) and the widget's chat store. */
export function EmbedApp({
  options,
  allowlist,
}: {
  options: EmbedOptions;
  allowlist: EmbedAllowlist;
}) {
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }),
  );
  const [storage, setStorage] = useState<EmbedStorageKind | null>(null);
  const [visitor] = useState(() =>
    createVisitor(
      () => window.localStorage,
      (...args) => window.fetch(...args),
    ),
  );
  return (
    <QueryClientProvider client={client}>
      <EmbedStoreProvider onStorage={setStorage} fetch={visitor.fetch}>
        <EmbedChat options={options} allowlist={allowlist} storage={storage} visitor={visitor} />
      </EmbedStoreProvider>
    </QueryClientProvider>
  );
}
