import 'server-only';

/**
 * Where to send the user after signing in: a path on this site only (never `//other.site`, a
 * backslash trick or an absolute URL: an open redirect), and never back into the sign-in pages.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f]/.test(next))
    return '/';
  const path = next.split(/[?#]/, 1)[0]!;
  if (path === '/sign-in' || path.startsWith('/auth/')) return '/';
  return next;
}
