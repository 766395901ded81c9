import 'server-only';
import type { HeaderSource } from './header-source';

/** What the request-origin helpers need from the configuration. */
export interface OriginPolicy {
  publicURL?: string;
}

function forwardedProto(headers: HeaderSource): 'http' | 'https' {
  // Next's server fills this in from the socket when no proxy did.
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https' ? 'https' : 'http';
}

/** The origin the browser used for this request, from `Host` and `X-Forwarded-Proto`. */
function requestOrigin(headers: HeaderSource): string | undefined {
  const host = headers.get('host')?.trim();
  return host ? `${forwardedProto(headers)}://${host}` : undefined;
}

/**
 * The origin users see: `PUBLIC_URL`, else the request's own. Used where an absolute URL is needed
 * (the OpenID Connect redirect URI); redirects inside the app are relative and need none.
 */
export function publicOrigin(headers: HeaderSource, policy: OriginPolicy): string {
  return policy.publicURL ?? requestOrigin(headers) ?? 'http://localhost';
}

/** Whether cookies must be `Secure`: `PUBLIC_URL` is https, or this request came over https. */
export function secureCookies(headers: HeaderSource, policy: OriginPolicy): boolean {
  return policy.publicURL
    ? policy.publicURL.startsWith('https:')
    : forwardedProto(headers) === 'https';
}

/**
 * Whether a browser sent this request from another site: `Sec-Fetch-Site` other than same-origin
 * (a sibling subdomain counts as another site), or, from a browser that does not send it, an
 * `Origin` that is neither `PUBLIC_URL` nor the request's own. The browser's own word comes first:
 * no page can set `Sec-Fetch-*`, while the request's origin as the server rebuilds it (`Host`,
 * `X-Forwarded-Proto`) is wrong behind a proxy that rewrites the host or terminates TLS without
 * saying so. Non-browser clients send neither header and are not cross-site.
 */
export function isCrossSite(headers: HeaderSource, policy: OriginPolicy): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  if (!origin) return false;
  return origin !== policy.publicURL && origin !== requestOrigin(headers);
}
