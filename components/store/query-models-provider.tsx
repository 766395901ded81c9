'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { fetchModels, MODELS_KEY, MODELS_RETRY_MS, ModelsContext } from './use-models';

/**
 * The chat page's model list, in its server-state cache (TanStack Query), so that the health
 * banner can have it fetched again when a backend comes back, and a return to the tab refreshes it.
 */
export function QueryModelsProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useQuery({
    queryKey: MODELS_KEY,
    queryFn: fetchModels,
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data && query.state.data.models.length > 0 ? false : MODELS_RETRY_MS,
  });
  const models = useMemo(() => ({ data, isPending }), [data, isPending]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
