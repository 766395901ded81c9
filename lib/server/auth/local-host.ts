import 'server-only';
import { isIP } from 'node:net';
import type { Deployment } from '../config/auth-config';

/**
 * A server on the user's own computer: a development server, or a production one listening on
 * loopback only (Vercel never is). Whoever reaches it without a session is its user — or a page
 * of another site that pointed its own name at 127.0.0.1.
 */
export function isLocalTool(
  deployment: Pick<Deployment, 'production' | 'beyondLoopback'>,
): boolean {
  return !deployment.production || !deployment.beyondLoopback;
}

/**
 * Whether a local tool should answer a request without a session (no sign-in, or the widget's
 * visitors, whose `/embed` page is public) sent to `host` (the `Host` header).
 *
 * DNS rebinding: a page at `attacker.example` whose name is then pointed at 127.0.0.1 is
 * same-origin with itself, so the browser sends its requests to the local server with
 * `Sec-Fetch-Site: same-origin` and `Host: attacker.example`, and lets the page read the answers.
 * Only the name gives it away. A loopback name (`localhost`, `*.localhost`), an address (a page's
 * origin is an address only when the user typed it) and `PUBLIC_URL`'s host pass; no `Host` at all
 * is no browser's request.
 */
export function isLocalToolHost(host: string | null, publicURL: string | undefined): boolean {
  if (!host) return true;
  const name = hostName(host);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0) return true;
  return publicURL !== undefined && new URL(publicURL).hostname.toLowerCase() === name;
}

/** `Host` without its port, lower-cased, a trailing dot dropped (`[::1]:3000` → `[::1]`). */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}
