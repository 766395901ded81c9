import { healthView } from '@/lib/server/auth/health-view';
import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';
import { redisHealth } from '@/lib/server/redis/client';
import { isShuttingDown } from '@/lib/server/shutdown/drain';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/health`: is each backend (each replica) reachable, with its status and latency — and
 * Redis, when configured (unreachable: `degraded`, as limits then hold per instance only). 503
 * when every backend is down, and while the server drains after SIGTERM, so a load balancer sends
 * new chats elsewhere. Never behind the sign-in gate (load balancers and uptime checks call it);
 * without a session it says only whether the service is up, since backend addresses are internal.
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
    if (isShuttingDown()) status = 'shutting_down';
    const body = {
      status,
      ...(view.detail === 'full' ? { providers, ...(redis ? { redis } : {}) } : {}),
      ...(view.open ? { access: 'open' } : {}),
    };
    return Response.json(body, {
      status: status === 'down' || status === 'shutting_down' ? 503 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  });
}
