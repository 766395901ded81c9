'use client';

import { useState } from 'react';
import type { EmbedStorageKind } from '@/lib/browser/embed/embed-persistence';
import type { EmbedOptions } from '@/lib/protocol/embed-options';
import type { EmbedAllowlist } from '@/lib/protocol/embed-origins';
import type { EmbedPass } from '@/lib/protocol/embed-access';
import { EmbedProviders } from '../store/embed-providers';
import { EmbedChat } from './embed-chat';

/** The `/embed` page's client root: the widget's providers and its chat. */
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
  return (
    <EmbedProviders onStorage={setStorage} pass={pass}>
      <EmbedChat options={options} allowlist={allowlist} storage={storage} />
    </EmbedProviders>
  );
}
