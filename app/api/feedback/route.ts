import { withAccess } from '@/lib/server/auth/api-gate';
import { handleFeedback } from '@/lib/server/feedback/handle-feedback';
import { withRuntime } from '@/lib/server/gateway/with-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A thumbs up or down on an answer, counted per model in `/api/metrics` (docs/protocol.md). */
export function POST(request: Request): Promise<Response> {
  return withAccess(request, (identity) =>
    withRuntime((server) => handleFeedback(request, server, identity)),
  );
}
