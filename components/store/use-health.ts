'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { HealthResponse } from '@/lib/protocol/api-shapes';
import { MODELS_KEY } from './use-models';

async function fetchHealth(): Promise<HealthResponse> {
  const res = await fetch('/api/health', { cache: 'no-store' });
  if (!res.ok && res.status !== 503) throw new Error(`GET /api/health answered HTTP ${res.status}`);
  return (await res.json()) as HealthResponse;
}

/**
 * Backend health, polled often while something is down. When a backend comes back the model list
 * is fetched again, so models appear without a page reload.
 */
export function useHealth() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    refetchInterval: (q) => (q.state.data?.status === 'ok' ? 30_000 : 3_000),
    refetchIntervalInBackground: false,
  });
  const reachable = query.data?.providers?.filter((p) => p.reachable).length;
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (reachable === undefined) return;
    if (previous.current !== undefined && reachable > previous.current) {
      void client.invalidateQueries({ queryKey: MODELS_KEY });
    }
    previous.current = reachable;
  }, [reachable, client]);
  return query;
}
