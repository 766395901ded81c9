import 'server-only';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRateLimiter } from '../limits/rate-limiter';

/**
 * Wrong access codes allowed per address in a window: five per 15 minutes makes guessing hopeless
 * (a six-word code is ~10^20 tries away) while a person who mistypes a few times is not locked out
 * for long.
 */
export const SIGN_IN_THROTTLE = { keyPrefix: 'runnel:sign-in', points: 5, duration: 15 * 60 };

// Shared by every instance through Redis when `REDIS_URL` is set (a guesser spreading tries over
// instances gets no more of them); created on first use, after configuration is read.
let shared: RateLimiterAbstract | undefined;
const limiter = () => (shared ??= createRateLimiter(SIGN_IN_THROTTLE));

function seconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Seconds before `address` may try another code, or 0 when it may try now. */
export async function signInRetryAfterS(address: string): Promise<number> {
  const res = await limiter().get(address);
  return res && res.consumedPoints >= SIGN_IN_THROTTLE.points ? seconds(res) : 0;
}

/** Counts a wrong code from `address`. */
export async function recordWrongCode(address: string): Promise<void> {
  try {
    await limiter().consume(address);
  } catch (error) {
    // Already over the limit: the next attempt is refused by `signInRetryAfterS` anyway.
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
