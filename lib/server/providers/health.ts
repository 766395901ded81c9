import 'server-only';

import type { ProviderConfig } from '../config/providers-config';
import { replicaPool } from '../replicas/replicas';
import { displayURL } from '../security/display-url';
import type { ProviderHealth, ReplicaHealth } from '../../protocol/api-shapes';
import { readBackendLoad } from './backend-load';
import { fetchListing } from './catalog';

type HealthDeps = { fetch: typeof fetch; now: () => number };

/** What one probe of an address found. */
export type ProbeResult = Pick<ReplicaHealth, 'reachable' | 'status' | 'latency_ms'>;

/** Probes one address (`probe` below), or answers from probes made earlier (health-cache.ts). */
export type Prober = (provider: ProviderConfig, baseURL: string) => Promise<ProbeResult>;

/** Asks one address for `/models` and times the answer. Any HTTP answer means reachable. */
export async function probe(
  provider: ProviderConfig,
  baseURL: string,
  deps: HealthDeps,
): Promise<ProbeResult> {
  const started = deps.now();
  const result = await fetchListing(provider, deps.fetch, baseURL);
  const latency = Math.round(deps.now() - started);
  const status = result.ok ? 200 : result.status;
  return {
    reachable: result.ok || result.reachable,
    ...(status !== undefined ? { status } : {}),
    latency_ms: latency,
  };
}

/**
 * One backend's health: reachable, its status and latency — and, for a provider with replicas,
 * each replica with its active streams and whether it is ejected (the provider is reachable when
 * any replica is); with a `metricsURL`, the backend's own load (requests running and waiting).
 */
export async function checkProvider(
  provider: ProviderConfig,
  prober: Prober,
): Promise<ProviderHealth> {
  const named = {
    id: provider.id,
    label: provider.label,
    baseURL: displayURL(provider.baseURL),
  };
  const loaded = readBackendLoad(provider).then((load) => (load ? { load } : {}));
  if (provider.baseURLs.length === 1) {
    const [probed, load] = await Promise.all([prober(provider, provider.baseURL), loaded]);
    return { ...named, ...probed, ...load };
  }
  const [probes, states, load] = await Promise.all([
    Promise.all(provider.baseURLs.map((url) => prober(provider, url))),
    replicaPool(provider).states(),
    loaded,
  ]);
  const replicas: ReplicaHealth[] = probes.map((p, i) => {
    const state = states[i];
    return {
      baseURL: displayURL(provider.baseURLs[i]!),
      ...p,
      active_streams: state?.activeStreams ?? 0,
      ...(state?.ejectedForMs ? { retry_in_ms: Math.round(state.ejectedForMs) } : {}),
    };
  });
  const first = replicas.find((r) => r.reachable) ?? replicas[0]!;
  return {
    ...named,
    reachable: first.reachable,
    ...(first.status !== undefined ? { status: first.status } : {}),
    latency_ms: first.latency_ms,
    replicas,
    ...load,
  };
}
