'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useApiFetch } from './use-api-fetch';
import { fetchModels } from './fetch-models';
import { ModelsContext } from './use-models';

/** The model list's place in the page's query cache. */
export const MODELS_QUERY_KEY = ['models'] as const;

/**
 * Loads the model list for everything below it (TanStack Query, one request per page however many
 * readers): asked for again every 5 s while it is empty (no backend answered yet), and when the
 * reader comes back to the tab after a minute, to see models added or removed meanwhile. Timed
 * loads wait while the tab is hidden (TanStack Query's default).
 */
export function ModelsProvider({ children }: { children: ReactNode }) {
  // The widget's requests go through its own fetch (visitor id, embed pass): see use-api-fetch.ts.
  const apiFetch = useApiFetch();
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: MODELS_QUERY_KEY,
    queryFn: () => fetchModels(apiFetch),
    refetchInterval: (query) => (query.state.data?.models.length ? false : 5_000),
    staleTime: 60_000,
  });
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: MODELS_QUERY_KEY }),
    [client],
  );
  const models = useMemo(() => ({ data, isPending, refresh }), [data, isPending, refresh]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
