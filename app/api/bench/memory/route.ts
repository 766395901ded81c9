import { withAccess, withoutVisitors } from '@/lib/server/auth/api-gate';
import { memoryProbe } from '@/lib/server/bench/memory-probe';
import { withServices } from '@/lib/server/entry/with-services';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/bench/memory`: the load benchmark's memory probe (`BENCH_RAW_PIPE=1` only). Behind the
 * access gate, and never for widget visitors, like every API route.
 */
export function GET(request: Request): Promise<Response> {
  return withAccess(
    request,
    withoutVisitors(() => withServices(({ config }) => Promise.resolve(memoryProbe(config)))),
  );
}
