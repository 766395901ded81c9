'use client';

import { useState } from 'react';
import type { EmbedStorageKind } from '@/lib/browser/embed/embed-persistence';
import { createVisitorFetch } from '@/lib/browser/embed/visitor-fetch';
import { visitorId } from '@/lib/browser/embed/visitor-id';
import type { EmbedPass } from '@/lib/protocol/embed-access';
import type { EmbedOptions } from '@/lib/protocol/embed-options';
import type { EmbedAllowlist } from '@/lib/protocol/embed-origins';
import { EmbedProviders } from '../store/embed-providers';
import { EmbedChat } from './embed-chat';

/**
 * The `/embed` page's client root: the widget's providers and its chat. The widget's API requests
 * carry its anonymous visitor id, the host page's verified origin and the page's embed pass, so
 * the server can count visitors (limits) and let them in without signing in.
 */
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
  const [storage, setStorage] = useState<EmbedStorageKind | null>(null);
  const [host] = useState(() => ({ origin: null as string | null }));
  const [apiFetch] = useState(() =>
    createVisitorFetch({
      visitorId: visitorId(() => window.localStorage),
      pass,
      fetch: (...args) => window.fetch(...args),
      now: () => Date.now(),
      hostOrigin: () => host.origin,
    }),
  );
  return (
    <EmbedProviders onStorage={setStorage} fetch={apiFetch}>
      <EmbedChat
        options={options}
        allowlist={allowlist}
        storage={storage}
        onHostOrigin={(origin) => (host.origin = origin)}
      />
    </EmbedProviders>
  );
}
