import { handleChat } from '@/lib/server/gateway/handle-chat';
import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { withAccess } from '@/lib/server/auth/api-gate';

// Streams must never be cached or prerendered, and need Node's fetch for upstream aborts.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return withAccess(request, (identity) =>
    withRuntime((runtime) => handleChat(request, runtime, identity)),
  );
}
