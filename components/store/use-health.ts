'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { HealthResponse } from '@/lib/protocol/api-shapes';
import { useModels } from './use-models';

async function fetchHealth(): Promise<HealthResponse> {
  const res = await fetch('/api/health', { cache: 'no-store' });
  // 503 is an answer too: some backend is down, and the body says which.
  if (!res.ok && res.status !== 503) throw new Error(`GET /api/health answered HTTP ${res.status}`);
  return (await res.json()) as HealthResponse;
}

/**
 * Backend health (TanStack Query): asked for often while something is down or nothing answered
 * yet, rarely when all is well, and again whenever the reader comes back to the tab. When a
 * backend comes back the model list is fetched again, so models appear without a page reload.
 */
export function useHealth() {
  const { data } = useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    refetchInterval: (query) => (query.state.data?.status === 'ok' ? 30_000 : 3_000),
    staleTime: 0,
  });
  const { refresh: refreshModels } = useModels();
  const reachable = data?.providers?.filter((p) => p.reachable).length;
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (reachable === undefined) return;
    if (previous.current !== undefined && reachable > previous.current) refreshModels();
    previous.current = reachable;
  }, [reachable, refreshModels]);
  return { data };
}
