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
 * Whether `url` is an https URL on one of `hosts` (lower-case names; `*.example.com` also allows
 * any subdomain). Userinfo and explicit ports are refused: they are how a URL is made to look like
 * one host while reaching another.
 */
export function isAllowedRemoteImage(url: string, hosts: readonly string[]): boolean {
  if (hosts.length === 0) return false;
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
