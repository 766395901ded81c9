import 'server-only';

/** A URL safe to show: no `user:password@`, no query string (some gateways take keys there). */
export function displayURL(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}
