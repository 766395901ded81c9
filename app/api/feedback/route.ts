import { withAccess } from '@/lib/server/auth/api-gate';
import { handleFeedback } from '@/lib/server/entry/handle-feedback';
import { withServices } from '@/lib/server/entry/with-services';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A thumbs up or down on an answer, counted per model in `/api/metrics` (docs/protocol.md). */
export function POST(request: Request): Promise<Response> {
  return withAccess(request, (identity) =>
    withServices((services) => handleFeedback(request, services, identity)),
  );
}
