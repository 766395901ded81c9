import { healthView } from '@/lib/server/auth/health-view';
import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';
import { redisHealth } from '@/lib/server/redis/client';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/health`: is each backend reachable, with its status and latency — and Redis, when
 * configured (unreachable: `degraded`, as limits then hold per instance only). Never behind the
 * sign-in gate (load balancers and uptime checks call it); without a session it says only whether
 * the service is up, since backend addresses are internal.
 */
export function GET(request: Request): Promise<Response> {
  return withRuntime(async ({ config }) => {
    const view = await healthView(request);
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const [providers, redis] = await Promise.all([
      Promise.all(config.providers.map((p) => checkProvider(p, deps))),
      redisHealth(),
    ]);
    const reachable = providers.filter((p) => p.reachable).length;
    let status = reachable === providers.length ? 'ok' : reachable === 0 ? 'down' : 'degraded';
    if (status === 'ok' && redis && !redis.reachable) status = 'degraded';
    const body = {
      status,
      ...(view.detail === 'full' ? { providers, ...(redis ? { redis } : {}) } : {}),
      ...(view.open ? { access: 'open' } : {}),
    };
    return Response.json(body, {
      status: status === 'down' ? 503 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  });
}
