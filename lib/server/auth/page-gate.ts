import 'server-only';
import { isEmbedPath } from '../../protocol/embed-origins';
import { getAuthConfig } from '../config/auth-config';
import type { HeaderSource } from './header-source';
import { authenticate } from './resolve-identity';

/** Pages anyone may open: signing in itself, and the widget (never asked to sign in). */
function isPublicPage(pathname: string): boolean {
  return pathname === '/sign-in' || pathname.startsWith('/auth/') || isEmbedPath(pathname);
}

/**
 * Whether a page may be shown, or where to send the browser instead: with a sign-in method
 * configured, every page but the public ones needs a signed-in user, and the sign-in page is told
 * where the user was going. The redirect is relative: it needs no idea of the public origin.
 */
export async function pageGate(
  pathname: string,
  search: string,
  headers: HeaderSource,
): Promise<{ redirect?: string }> {
  if (!getAuthConfig().closed || isPublicPage(pathname)) return {};
  const { identity } = await authenticate(headers);
  if (identity?.kind === 'user') return {};
  return { redirect: `/sign-in?next=${encodeURIComponent(pathname + search)}` };
}
