'use client';

import { useMemo, type ReactNode } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';
import { useApiFetch } from './use-api-fetch';
import { ModelsContext } from './use-models';
import { usePolled } from './use-polled';

async function fetchModels(apiFetch: typeof fetch): Promise<ModelsResponse> {
  const res = await apiFetch('/api/models', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /api/models answered HTTP ${res.status}`);
  return (await res.json()) as ModelsResponse;
}

const MODELS_POLL = {
  // While the list is empty (no backend answered yet) it is asked for again every few seconds.
  interval: (data: ModelsResponse | undefined) =>
    data && data.models.length > 0 ? (false as const) : 5_000,
  // A reader coming back to the tab after a minute sees models added or removed meanwhile.
  staleMs: 60_000,
};

/** Loads the model list for everything below it: one request per page, however many readers. */
export function ModelsProvider({ children }: { children: ReactNode }) {
  // The widget's requests go through its own fetch (visitor id, embed pass): see use-api-fetch.ts.
  const apiFetch = useApiFetch();
  const poll = useMemo(() => ({ ...MODELS_POLL, load: () => fetchModels(apiFetch) }), [apiFetch]);
  const { data, refresh } = usePolled(poll);
  const models = useMemo(() => ({ data, isPending: data === undefined, refresh }), [data, refresh]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
