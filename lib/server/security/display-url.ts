import 'server-only';

/**
 * A URL safe to show: no `user:password@`, no query string (some gateways take keys there) and no
 * fragment (which a pasted key can end up in just as well).
 */
export function displayURL(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}
