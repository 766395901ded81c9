'use client';

import { useMemo, type ReactNode } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';
import { ModelsContext } from './use-models';
import { usePolled } from './use-polled';

async function fetchModels(): Promise<ModelsResponse> {
  const res = await fetch('/api/models', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /api/models answered HTTP ${res.status}`);
  return (await res.json()) as ModelsResponse;
}

const MODELS_POLL = {
  load: fetchModels,
  // While the list is empty (no backend answered yet) it is asked for again every few seconds.
  interval: (data: ModelsResponse | undefined) =>
    data && data.models.length > 0 ? (false as const) : 5_000,
  // A reader coming back to the tab after a minute sees models added or removed meanwhile.
  staleMs: 60_000,
};

/** Loads the model list for everything below it: one request per page, however many readers. */
export function ModelsProvider({ children }: { children: ReactNode }) {
  const { data, refresh } = usePolled(MODELS_POLL);
  const models = useMemo(() => ({ data, isPending: data === undefined, refresh }), [data, refresh]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
