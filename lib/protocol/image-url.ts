/**
 * The image types a chat request may carry inline: what browsers decode and vision models take
 * (the browser re-encodes attachments as PNG or JPEG before sending them).
 */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,[A-Za-z0-9+/]*={0,2}$/i;

/** Whether `url` is a base64 `data:` URL of one of the inline image types. */
export function isInlineImage(url: string): boolean {
  const type = DATA_URL.exec(url)?.[1]?.toLowerCase();
  return type !== undefined && (INLINE_IMAGE_TYPES as readonly string[]).includes(type);
}

/**
 * Characters on which URL parsers disagree: a browser's parser (this one) reads `\` as `/` and
 * drops tabs and line breaks, where the backend's (Python's, RFC 3986) reads them as part of the
 * authority — so `https://allowed.example\@10.0.0.5/` is `allowed.example` here and `10.0.0.5`
 * there. Spaces and other control characters have no place in a URL either.
 */
const AMBIGUOUS = /[\\\u0000-\u0020\u007f]/;

/**
 * Whether `url` is an https URL on one of `hosts` (lower-case names; `*.example.com` also allows
 * any subdomain). Userinfo and explicit ports are refused: they are how a URL is made to look like
 * one host while reaching another; so are characters that parsers read differently (`AMBIGUOUS`),
 * since the URL is passed on as it came.
 */
export function isAllowedRemoteImage(url: string, hosts: readonly string[]): boolean {
  if (hosts.length === 0 || AMBIGUOUS.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port)
    return false;
  const host = parsed.hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}
