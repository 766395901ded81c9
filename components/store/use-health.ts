'use client';

import { useEffect, useRef } from 'react';
import type { HealthResponse } from '@/lib/protocol/api-shapes';
import { useModels } from './use-models';
import { usePolled } from './use-polled';

async function fetchHealth(): Promise<HealthResponse> {
  const res = await fetch('/api/health', { cache: 'no-store' });
  if (!res.ok && res.status !== 503) throw new Error(`GET /api/health answered HTTP ${res.status}`);
  return (await res.json()) as HealthResponse;
}

const HEALTH_POLL = {
  load: fetchHealth,
  // Often while something is down (or nothing answered yet), rarely when all is well.
  interval: (data: HealthResponse | undefined) => (data?.status === 'ok' ? 30_000 : 3_000),
  // Checked again whenever the reader comes back to the tab.
  staleMs: 0,
};

/**
 * Backend health, polled often while something is down. When a backend comes back the model list
 * is fetched again, so models appear without a page reload.
 */
export function useHealth() {
  const { data } = usePolled(HEALTH_POLL);
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
