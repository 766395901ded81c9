import { after } from 'next/server';
import { handleChat } from '@/lib/server/entry/handle-chat';
import { withServices } from '@/lib/server/entry/with-services';
import { withAccess } from '@/lib/server/auth/api-gate';

// Streams must never be cached or prerendered, and need Node's fetch for upstream aborts.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  // `after` keeps a serverless function alive for a resumable answer's generation once the browser
  // has gone (up to the function's maxDuration); on `next start` the process simply goes on.
  return withAccess(request, (identity) =>
    withServices((services) => handleChat(request, services, identity, { keepAlive: after })),
  );
}
