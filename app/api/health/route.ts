import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';
import { isShuttingDown } from '@/lib/server/shutdown/drain';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/health`: is each backend (each replica) reachable, with its status and latency. 503
 * when every backend is down, and while the server drains after SIGTERM — so a load balancer
 * sends new chats elsewhere.
 */
export function GET(): Promise<Response> {
  return withRuntime(async ({ config }) => {
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const providers = await Promise.all(config.providers.map((p) => checkProvider(p, deps)));
    const reachable = providers.filter((p) => p.reachable).length;
    const status = isShuttingDown()
      ? 'shutting_down'
      : reachable === providers.length
        ? 'ok'
        : reachable === 0
          ? 'down'
          : 'degraded';
    return Response.json(
      { status, providers },
      {
        status: status === 'down' || status === 'shutting_down' ? 503 : 200,
        headers: { 'Cache-Control': 'no-store' },
      },
    );
  });
}
