'use client';

import { Suspense } from 'react';
import { useHealth } from '../store/use-health';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/** What the banner says, loaded once a backend is down: most pages never show it. */
const HealthBannerBody = lazyComponent(
  onDemand(() => import('./health-banner-body')),
  (m) => m.HealthBannerBody,
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
