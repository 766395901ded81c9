const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A URL from model output that may become a link: only absolute http, https and mailto URLs.
 * Relative URLs, `javascript:`, `data:`, `vbscript:` and anything unparsable yield null.
 */
export function safeUrl(url: string): string | null {
  try {
    return SAFE_PROTOCOLS.has(new URL(url.trim()).protocol) ? url.trim() : null;
  } catch {
    return null;
  }
}
