import { NextResponse, type NextRequest } from 'next/server';
import { getEmbedAllowlist } from '@/lib/server/config/embed-config';
import { framingHeaders } from '@/lib/protocol/embed-origins';

/**
 * Framing headers for every page (docs/embedding.md): `/embed` may be framed by the origins
 * in `EMBED_ALLOWED_ORIGINS`, every other page by nobody. This runs per request rather than in
 * `next.config.ts` `headers()`, which are fixed at build time, because the allowlist is deployment
 * configuration read when `next start` runs.
 */
export function proxy(request: NextRequest): NextResponse {
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(
    framingHeaders(request.nextUrl.pathname, getEmbedAllowlist()),
  )) {
    response.headers.set(name, value);
  }
  return response;
}

export const config = {
  // Pages only: the API (a stream whose latency and cancellation are measured), build assets and
  // the loader script are never framed as documents, so the proxy stays off their path.
  matcher: ['/((?!api/|_next/static/|_next/image|favicon\\.ico$|widget\\.js$).*)'],
};
