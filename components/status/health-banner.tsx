'use client';

import { lazy, Suspense } from 'react';
import { useHealth } from '../store/use-health';

/** Loaded only when a backend is down, not with the page (docs/performance.md). */
const HealthBannerBody = lazy(() =>
  import('./health-banner-body').then((m) => ({ default: m.HealthBannerBody })),
);

/**
 * Shown while `/api/health` reports an unreachable backend: which URL, and how to start vLLM.
 * Disappears by itself (health keeps being polled) and the model list is fetched again.
 */
export function HealthBanner() {
  const { data } = useHealth();
  const down = data?.providers?.filter((p) => !p.reachable) ?? [];
  if (down.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <HealthBannerBody down={down} total={data?.providers?.length ?? 0} />
    </Suspense>
  );
}
