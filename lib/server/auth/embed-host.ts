import 'server-only';
import { isOriginAllowed, type EmbedAllowlist } from '../../protocol/embed-origins';
import type { HeaderSource } from './header-source';

/**
 * The site framing the `/embed` page, as the browser says when it loads the frame: the `Referer`
 * of that navigation (browsers send at least the origin cross-site under the default policy), kept
 * only when that origin may embed the widget. Put in the page's signed pass, it is what the site's
 * budget is counted under. Undefined when the page is opened directly or the site is not allowed.
 */
export function framingSite(headers: HeaderSource, allowlist: EmbedAllowlist): string | undefined {
  const referer = headers.get('referer');
  if (!referer) return undefined;
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return undefined;
  }
  if (origin === 'null' || !isOriginAllowed(allowlist, origin)) return undefined;
  return origin;
}

/**
 * Whether the `/embed` page is loaded as a page of its own rather than in a frame: the browser says
 * `Sec-Fetch-Dest: document` for a tab and `iframe` for a frame. Opened that way from a crafted
 * link, the host's words (title, greeting, placeholder) would be anyone's words on this origin, so
 * the page shows its own instead. A browser that does not send the header is taken at its frame.
 */
export function openedAsPage(headers: HeaderSource): boolean {
  return headers.get('sec-fetch-dest') === 'document';
}
