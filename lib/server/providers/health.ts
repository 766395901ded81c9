import 'server-only';

import type { ProviderConfig } from '../config/schema';
import { displayURL } from '../security/display-url';
import type { ProviderHealth } from '../../protocol/api-shapes';
import { fetchListing } from './catalog';

/** Asks one backend for `/models` and times the answer. Any HTTP answer means reachable. */
export async function checkProvider(
  provider: ProviderConfig,
  deps: { fetch: typeof fetch; now: () => number },
): Promise<ProviderHealth> {
  const started = deps.now();
  const result = await fetchListing(provider, deps.fetch);
  const latency = Math.round(deps.now() - started);
  const status = result.ok ? 200 : result.status;
  return {
    id: provider.id,
    label: provider.label,
    baseURL: displayURL(provider.baseURL),
    reachable: result.ok || result.reachable,
    ...(status !== undefined ? { status } : {}),
    latency_ms: latency,
  };
}
