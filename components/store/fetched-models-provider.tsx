'use client';

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';
import { fetchModels, MODELS_RETRY_MS, ModelsContext } from './use-models';

/**
 * The widget's model list: one request, repeated every few seconds while it fails or the list is
 * empty (no backend answered yet), as the chat page's query does. The widget has no health banner
 * to invalidate it and no tab of its own to come back to, so it needs nothing more — and leaving
 * the query library out keeps ~10 KB (gzip) off the widget's JavaScript (docs/performance.md).
 */
export function FetchedModelsProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<ModelsResponse | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = async () => {
      const response = await fetchModels().catch(() => undefined);
      if (stopped) return;
      if (response) setData(response);
      if (!response?.models.length) timer = setTimeout(() => void load(), MODELS_RETRY_MS);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  const models = useMemo(() => ({ data, isPending: data === undefined }), [data]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
