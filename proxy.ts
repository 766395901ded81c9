import { NextResponse, type NextRequest } from 'next/server';
import { getEmbedAllowlist } from '@/lib/server/config/embed-config';
import { ConfigError } from '@/lib/server/config/config-error';
import { framingHeaders } from '@/lib/protocol/embed-origins';
import { getAuthConfig, getDeployment } from '@/lib/server/config/auth-config';
import { pageGate } from '@/lib/server/auth/page-gate';
import { clientAddress } from '@/lib/server/auth/authenticate';
import { addressKey } from '@/lib/server/auth/address-match';
import { shareView } from '@/lib/server/conversations/share-views';
import { publicOrigin } from '@/lib/server/auth/request-origin';
import { contentSecurityPolicy, createNonce } from '@/lib/server/security/csp';

/** The policy and framing headers of one page response. */
function pageHeaders(pathname: string, nonce: string): Record<string, string> {
  const oidc = getAuthConfig().oidc;
  const csp = contentSecurityPolicy(nonce, {
    development: !getDeployment().production,
    formTargets: oidc ? [new URL(oidc.issuer).origin] : [],
  });
  const framing = framingHeaders(pathname, getEmbedAllowlist());
  return { ...framing, 'Content-Security-Policy': `${csp}; ${framing['Content-Security-Policy']}` };
}

/** The page a viewer gets after opening too many shared conversations in a minute. */
function tooManyViews(retryAfterS: number, headers: Record<string, string>): Response {
  const page = `<!doctype html><meta charset="utf-8"><title>Too many shared chats · Runnel</title><p>Too many shared chats opened from here in the last minute. Try again in ${retryAfterS} s.</p>`;
  return new Response(page, {
    status: 429,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(retryAfterS),
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * Every page passes here (the API does not: its routes go through their own gate, so a stream's
 * request is not held up here). With a sign-in method configured, a page without a signed-in user
 * redirects to `/sign-in`, and a viewer of shared conversations (`/s/…`) past 60 of them in a minute
 * gets a 429. Each page gets a fresh CSP nonce — Next reads it from the request's
 * `Content-Security-Policy` header and puts it on its scripts; `x-nonce` carries it to the layouts,
 * `x-runnel-path` the path they render — and the framing headers (docs/embedding.md): `/embed` may be framed by `EMBED_ALLOWED_ORIGINS`,
 * nothing else by anyone. This runs per request rather than in `next.config.ts` `headers()` (fixed
 * at build time) because all of it is deployment configuration read when `next start` runs.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  let headers: Record<string, string>;
  const nonce = createNonce();
  try {
    headers = pageHeaders(pathname, nonce);
    const gate = await pageGate(pathname, search, request.headers);
    if (gate.redirect) {
      // Absolute (Next requires it here), on the origin the browser used.
      const location = new URL(gate.redirect, publicOrigin(request.headers, getAuthConfig()));
      return new Response(null, {
        status: 307,
        headers: { ...headers, Location: location.href, 'Cache-Control': 'no-store' },
      });
    }
    if (pathname.startsWith('/s/')) {
      // Counted before the page reads the snapshot: a signed-in viewer by account, anyone else
      // by address (share-views.ts).
      const viewer = gate.user?.key ?? `addr:${addressKey(clientAddress(request))}`;
      const view = await shareView(viewer);
      if (!view.allowed) return tooManyViews(view.retryAfterS, headers);
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A broken sign-in setup never serves the app open; the message names the variable.
    console.error(`[runnel] ${error.message}`);
    return new Response(`Runnel cannot start: ${error.message}`, {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const forward = new Headers(request.headers);
  forward.set('x-nonce', nonce);
  // The path the page is rendered for: the chat's first render reads the conversation id from it.
  forward.set('x-runnel-path', pathname);
  forward.set('Content-Security-Policy', headers['Content-Security-Policy']!);
  const response = NextResponse.next({ request: { headers: forward } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: the API (a stream whose latency and cancellation are measured), build assets and
  // the loader script are never framed as documents, so the proxy stays off their path.
  matcher: ['/((?!api/|_next/static/|_next/image|favicon\\.ico$|widget\\.js$).*)'],
};
