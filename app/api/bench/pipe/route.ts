import { rawPipe } from '@/lib/server/bench/raw-pipe';
import { withRuntime } from '@/lib/server/gateway/with-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `POST /api/bench/pipe`: the load benchmark's raw byte pipe (`BENCH_RAW_PIPE=1` only). */
export function POST(request: Request): Promise<Response> {
  return withRuntime(({ config }) => rawPipe(request, config));
}
