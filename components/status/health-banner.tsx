'use client';

import { useHealth } from '../store/use-health';
import { HealthBannerBody } from './health-banner-body';

/**
 * Shown while `/api/health` reports an unreachable backend: which URL, and how to start vLLM.
 * Disappears by itself (health keeps being polled) and the model list is fetched again.
 */
export function HealthBanner() {
  const { data } = useHealth();
  const down = data?.providers?.filter((p) => !p.reachable) ?? [];
  if (down.length === 0) return null;
  return <HealthBannerBody down={down} total={data?.providers?.length ?? 0} />;
}
