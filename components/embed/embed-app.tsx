'use client';

import { useState } from 'react';
import type { EmbedStorageKind } from '@/lib/browser/embed/embed-persistence';
import { createVisitor } from '@/lib/browser/embed/visitor';
import type { EmbedOptions } from '@/lib/protocol/embed-options';
import type { EmbedAllowlist } from '@/lib/protocol/embed-origins';
import { EmbedProviders } from '../store/embed-providers';
import { EmbedChat } from './embed-chat';

/** The `/embed` page's client root: the widget's providers and its chat. */
export function EmbedApp({
  options,
  allowlist,
}: {
  options: EmbedOptions;
  allowlist: EmbedAllowlist;
}) {
  const [storage, setStorage] = useState<EmbedStorageKind | null>(null);
  const [visitor] = useState(() =>
    createVisitor(
      () => window.localStorage,
      (...args) => window.fetch(...args),
    ),
  );
  return (
    <EmbedProviders onStorage={setStorage} fetch={visitor.fetch}>
      <EmbedChat options={options} allowlist={allowlist} storage={storage} visitor={visitor} />
    </EmbedProviders>
  );
}
