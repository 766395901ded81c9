import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';
import { redisHealth } from '@/lib/server/redis/client';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/health`: is each backend reachable, with its status and latency — and Redis, when
 * configured (unreachable: `degraded`, as limits then hold per instance only).
 */
export function GET(): Promise<Response> {
  return withRuntime(async ({ config }) => {
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const [providers, redis] = await Promise.all([
      Promise.all(config.providers.map((p) => checkProvider(p, deps))),
      redisHealth(),
    ]);
    const reachable = providers.filter((p) => p.reachable).length;
    let status = reachable === providers.length ? 'ok' : reachable === 0 ? 'down' : 'degraded';
    if (status === 'ok' && redis && !redis.reachable) status = 'degraded';
    return Response.json(
      { status, providers, ...(redis ? { redis } : {}) },
      { status: status === 'down' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
