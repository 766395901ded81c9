/**
 * How the embedded widget identifies its requests (shared by the server and the widget's page).
 * The widget is never asked to sign in; instead its requests carry a visitor id the widget keeps in
 * its own (partitioned) storage, and, when the server has a sign-in method, a short-lived pass the
 * `/embed` page was given by the server, which proves the request comes from that page.
 */

/** Header carrying the widget's random visitor id. */
export const VISITOR_HEADER = 'X-Runnel-Visitor';
/** Header carrying the embed pass. */
export const EMBED_PASS_HEADER = 'X-Runnel-Embed-Pass';
/**
 * Header carrying the origin of the page that embeds the widget, as the widget learnt it. Only
 * informative: the site a visitor is counted under is the one its signed pass names.
 */
export const EMBED_HOST_HEADER = 'X-Runnel-Embed-Host';
/** `GET` here (same origin) answers a fresh pass: `{ pass, expires_at }` (ms since the epoch). */
export const EMBED_PASS_PATH = '/embed/pass';

/** A visitor id: what `crypto.randomUUID()` gives, or any 16–64 URL-safe characters. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A pass handed to the widget's page. */
export interface EmbedPass {
  pass: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
}
