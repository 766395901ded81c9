/**
 * Who may embed `/embed` (docs/embedding.md): `EMBED_ALLOWED_ORIGINS` is a comma-separated
 * list of origins, or `*` on its own. Unset or empty means nobody. The same allowlist drives the
 * `frame-ancestors` header (the browser refuses other framers) and the iframe's handshake check
 * (the iframe talks only to a parent whose origin is on it), so the two can never disagree.
 */

/** `'*'` (any http(s) page, explicitly) or the exact origins allowed; empty means none. */
export type EmbedAllowlist = '*' | readonly string[];

type ParsedAllowlist = { ok: true; allowlist: EmbedAllowlist } | { ok: false; error: string };

/** The origin an allowlist entry names, or an error saying what is wrong with it. */
function normalizeOrigin(entry: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { error: `"${entry}" is not an origin (expected e.g. https://example.com)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: `"${entry}" must be an http or https origin` };
  }
  // An origin is scheme, host and port only: anything else would suggest a finer rule than the
  // browser can enforce with frame-ancestors (which ignores paths of ancestors).
  if (
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    entry.includes('*')
  ) {
    return {
      error: `"${entry}" must be a bare origin: scheme, host and optional port, nothing else`,
    };
  }
  return { origin: url.origin };
}

/** Parses the variable's text: `*`, or comma-separated origins (normalised, deduplicated). */
export function parseAllowedOrigins(text: string | undefined): ParsedAllowlist {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.includes('*')) {
    return entries.length === 1
      ? { ok: true, allowlist: '*' }
      : { ok: false, error: '"*" allows every origin and must be the only entry' };
  }
  const origins: string[] = [];
  for (const entry of entries) {
    const result = normalizeOrigin(entry);
    if ('error' in result) return { ok: false, error: result.error };
    if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  return { ok: true, allowlist: origins };
}

/**
 * Whether a page of `origin` (a `MessageEvent.origin`) may talk to the iframe. Opaque origins
 * (`"null"`: sandboxed or file pages) never may: nothing can be addressed to them except with `*`,
 * which the iframe never uses.
 */
export function isOriginAllowed(allowlist: EmbedAllowlist, origin: string): boolean {
  if (origin === 'null') return false;
  if (allowlist === '*') return /^https?:\/\/[^/]+$/i.test(origin);
  return allowlist.includes(origin);
}

/** The CSP directive for `/embed`. */
export function frameAncestors(allowlist: EmbedAllowlist): string {
  if (allowlist === '*') return 'frame-ancestors *';
  return allowlist.length ? `frame-ancestors ${allowlist.join(' ')}` : "frame-ancestors 'none'";
}

/** True for the embeddable page (and anything below it). */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

/**
 * The framing headers of a page: `/embed` may be framed by the allowlist; every other page by
 * nobody (`X-Frame-Options: DENY` too, for browsers without CSP level 2).
 */
export function framingHeaders(
  pathname: string,
  allowlist: EmbedAllowlist,
): Record<string, string> {
  if (!isEmbedPath(pathname)) {
    return { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };
  }
  const csp = frameAncestors(allowlist);
  // X-Frame-Options cannot express an allowlist; it is only safe to add when nobody is allowed.
  return allowlist === '*' || allowlist.length
    ? { 'Content-Security-Policy': csp }
    : { 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' };
}
