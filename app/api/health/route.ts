import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';
import { healthView } from '@/lib/server/auth/health-view';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/health`: is each backend reachable, with its status and latency. Never behind the
 * sign-in gate (load balancers and uptime checks call it); without a session it says only whether
 * the service is up.
 */
export function GET(request: Request): Promise<Response> {
  return withRuntime(async ({ config }) => {
    const view = await healthView(request);
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const providers = await Promise.all(config.providers.map((p) => checkProvider(p, deps)));
    const reachable = providers.filter((p) => p.reachable).length;
    const status = reachable === providers.length ? 'ok' : reachable === 0 ? 'down' : 'degraded';
    const body = {
      status,
      ...(view.detail === 'full' ? { providers } : {}),
      ...(view.open ? { access: 'open' } : {}),
    };
    return Response.json(body, {
      status: status === 'down' ? 503 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  });
}
