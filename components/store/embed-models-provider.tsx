'use client';

import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';
import { useApiFetch } from './use-api-fetch';
import { fetchModels } from './fetch-models';
import { ModelsContext } from './use-models';

/** While the list is empty or failed (no backend answered yet), it is asked for again this often. */
const EMPTY_RETRY_MS = 5_000;

/**
 * The widget's model list, without the chat page's query client: TanStack Query would be a
 * quarter of the widget's JavaScript budget (docs/performance.md) for one request. A widget visit
 * is short and shows one model, so the list is loaded once, again every 5 s while it is empty, and
 * again when asked (`refresh`).
 */
export function EmbedModelsProvider({ children }: { children: ReactNode }) {
  const apiFetch = useApiFetch();
  const [data, setData] = useState<ModelsResponse | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    let timer: number | undefined;
    let current = true;
    const retry = () => (timer = window.setTimeout(refresh, EMPTY_RETRY_MS));
    fetchModels(apiFetch).then(
      (list) => {
        if (!current) return;
        setData(list);
        if (!list.models.length) retry();
      },
      () => current && retry(),
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [apiFetch, asked, refresh]);
  const models = useMemo(() => ({ data, isPending: data === undefined, refresh }), [data, refresh]);
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>;
}
