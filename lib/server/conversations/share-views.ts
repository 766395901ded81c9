import 'server-only';
import { createRateLimiter, takePoint, type RateCounter } from '../redis/rate-limiter';

/**
 * Shared-conversation pages (`/s/<token>`) one viewer may open in a minute: a signed-in user by
 * account, anyone else by address. A share page reads its snapshot (up to 16 MiB) and renders up
 * to 64 KiB of Markdown on the server, about 0.1 s of CPU per view: without a count, one link
 * opened in a loop would keep a core busy. A person reading shares never opens one a second; an
 * unknown token counts too, so guessing tokens is throttled as well.
 */
export const SHARE_VIEWS = { keyPrefix: 'runnel:share-views', points: 60, duration: 60 };

/** One view: allowed, or how long the viewer must wait. */
export type ShareView = { allowed: true } | { allowed: false; retryAfterS: number };

/** Counts one view for `viewer` on a rate-limiter-flexible counter made with {@link SHARE_VIEWS}. */
export async function countShareView(limiter: RateCounter, viewer: string): Promise<ShareView> {
  const retryAfterS = await takePoint(limiter, viewer);
  return retryAfterS === undefined ? { allowed: true } : { allowed: false, retryAfterS };
}

// Shared by every instance through Redis when `REDIS_URL` is set; created on first use, after
// configuration is read.
let shared: RateCounter | undefined;

/** Counts one share page view for `viewer` (a user's key, or `addr:…`) on this server's counter. */
export function shareView(viewer: string): Promise<ShareView> {
  shared ??= createRateLimiter(SHARE_VIEWS);
  return countShareView(shared, viewer);
}
