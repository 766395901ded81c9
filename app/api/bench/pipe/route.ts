import { withAccess, withoutVisitors } from '@/lib/server/auth/api-gate';
import { rawPipe } from '@/lib/server/bench/raw-pipe';
import { withServices } from '@/lib/server/entry/with-services';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `POST /api/bench/pipe`: the load benchmark's raw byte pipe (`BENCH_RAW_PIPE=1` only). Behind the
 * access gate, and never for widget visitors, like the chat route, so it is never a way around sign-in.
 */
export function POST(request: Request): Promise<Response> {
  return withAccess(
    request,
    withoutVisitors(() => withServices(({ config }) => rawPipe(request, config))),
  );
}
