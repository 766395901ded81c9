import 'server-only';
import { isEmbedPath } from '../../protocol/embed-origins';
import { getAuthConfig } from '../config/auth-config';
import type { HeaderSource } from './header-source';
import { authenticate } from './authenticate';
import { getConversationsConfig } from '../config/conversations-config';
import type { Identity } from './identity';

/** `/s/<token>` pages are public (no sign-in asked) only with `SHARE_LINKS=public`. */
function isPublicSharePage(pathname: string): boolean {
  return pathname.startsWith('/s/') && getConversationsConfig().shareLinks === 'public';
}

/**
 * What a browser or a crawler fetches by itself, with no session to send (a manifest is fetched
 * without credentials): the web manifest, icons and `robots.txt`. They say nothing private, and
 * redirected to the sign-in page they would install a broken app and let crawlers index it.
 */
const PUBLIC_FILES = new Set([
  '/manifest.webmanifest',
  '/robots.txt',
  '/icon.png',
  '/apple-icon.png',
  '/favicon.ico',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
]);

/** Pages anyone may open: signing in itself, the widget (never asked to sign in), public files. */
export function isPublicPage(pathname: string): boolean {
  return (
    pathname === '/sign-in' ||
    pathname.startsWith('/auth/') ||
    isEmbedPath(pathname) ||
    PUBLIC_FILES.has(pathname)
  );
}

/**
 * Whether a page may be shown, or where to send the browser instead: with a sign-in method
 * configured, every page but the public ones needs a signed-in user, and the sign-in page is told
 * where the user was going. The redirect is relative: it needs no idea of the public origin. A page
 * that needed a user is given who it is (`user`).
 */
export async function pageGate(
  pathname: string,
  search: string,
  headers: HeaderSource,
): Promise<{ redirect?: string; user?: Extract<Identity, { kind: 'user' }> }> {
  if (!getAuthConfig().closed || isPublicPage(pathname) || isPublicSharePage(pathname)) return {};
  const { identity } = await authenticate(headers);
  if (identity?.kind === 'user') return { user: identity };
  return { redirect: `/sign-in?next=${encodeURIComponent(pathname + search)}` };
}
