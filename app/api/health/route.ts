import { healthView } from '@/lib/server/auth/health-view';
import type { ProviderConfig } from '@/lib/server/config/providers-config';
import type { RunnelConfig } from '@/lib/server/config/schema';
import { withServices } from '@/lib/server/entry/with-services';
import { checkProvider, probe, type ProbeResult } from '@/lib/server/providers/health';
import { createHealthCache, type HealthCache } from '@/lib/server/providers/health-cache';
import { redisHealth } from '@/lib/server/redis/client';
import { isShuttingDown } from '@/lib/server/shutdown/drain';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Probes = Map<string, ProbeResult>;

const address = (provider: ProviderConfig, baseURL: string) => `${provider.id} ${baseURL}`;

let probes: HealthCache<Probes> | undefined;

/** One round of probes of every address of every provider, shared for a few seconds. */
function sharedProbes(config: RunnelConfig): HealthCache<Probes> {
  probes ??= createHealthCache(async () => {
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const all = config.providers.flatMap((p) => p.baseURLs.map((url) => [p, url] as const));
    const results = await Promise.all(all.map(([p, url]) => probe(p, url, deps)));
    return new Map(all.map(([p, url], i) => [address(p, url), results[i]!]));
  });
  return probes;
}

/**
 * `GET /api/health`: is each backend (each replica) reachable, with its status and latency — and
 * Redis, when configured (unreachable: `degraded`, as limits then hold per instance only). 503
 * when every backend is down, and while the server drains after SIGTERM, so a load balancer sends
 * new chats elsewhere. Never behind the sign-in gate (load balancers and uptime checks call it);
 * without a session it says only whether the service is up, since backend addresses are internal,
 * and it never contacts a backend: it answers from the last probe (none yet: the process is up).
 * Probes are shared by every caller for a few seconds (health-cache.ts); stream counts and
 * ejections are read fresh.
 */
export function GET(request: Request): Promise<Response> {
  return withServices(async ({ config }) => {
    const view = await healthView(request);
    const cache = sharedProbes(config);
    const [probed, redis] = await Promise.all([
      view.detail === 'full' ? cache.fresh() : Promise.resolve(cache.latest()),
      redisHealth(),
    ]);
    const reachableOf = (p: ProviderConfig) =>
      p.baseURLs.some((url) => probed?.get(address(p, url))?.reachable);
    const reachable = config.providers.filter(reachableOf).length;
    let status =
      !probed || reachable === config.providers.length
        ? 'ok'
        : reachable === 0
          ? 'down'
          : 'degraded';
    if (status === 'ok' && redis && !redis.reachable) status = 'degraded';
    if (isShuttingDown()) status = 'shutting_down';
    const providers =
      view.detail === 'full' && probed
        ? await Promise.all(
            config.providers.map((p) =>
              checkProvider(p, async (provider, url) => probed.get(address(provider, url))!),
            ),
          )
        : undefined;
    const body = {
      status,
      ...(providers ? { providers, ...(redis ? { redis } : {}) } : {}),
      ...(view.open ? { access: 'open' } : {}),
    };
    return Response.json(body, {
      status: status === 'down' || status === 'shutting_down' ? 503 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  });
}
