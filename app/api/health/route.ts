import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { checkProvider } from '@/lib/server/providers/health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /api/health`: is each backend reachable, with its status and latency. */
export function GET(): Promise<Response> {
  return withRuntime(async ({ config }) => {
    const deps = { fetch: globalThis.fetch, now: () => performance.now() };
    const providers = await Promise.all(config.providers.map((p) => checkProvider(p, deps)));
    const reachable = providers.filter((p) => p.reachable).length;
    const status = reachable === providers.length ? 'ok' : reachable === 0 ? 'down' : 'degraded';
    return Response.json(
      { status, providers },
      { status: status === 'down' ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
