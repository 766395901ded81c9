'use client';

import { useQuery } from '@tanstack/react-query';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';
import { useApiFetch } from './api-fetch';

/** Query key of the model list; the health banner invalidates it when a backend comes back. */
export const MODELS_KEY = ['models'] as const;

async function fetchModels(apiFetch: typeof fetch): Promise<ModelsResponse> {
  const res = await apiFetch('/api/models', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /api/models answered HTTP ${res.status}`);
  return (await res.json()) as ModelsResponse;
}

/** The models every configured backend offers. An empty list is retried every few seconds. */
export function useModels() {
  const apiFetch = useApiFetch();
  return useQuery({
    queryKey: MODELS_KEY,
    queryFn: () => fetchModels(apiFetch),
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data && query.state.data.models.length > 0 ? false : 5_000,
  });
}
