import 'server-only';
import { createRateLimiter, takePoint, type RateCounter } from '../redis/rate-limiter';

/**
 * Wrong access codes allowed per address in a window: five per 15 minutes makes guessing hopeless
 * (a six-word code is ~10^20 tries away) while a person who mistypes a few times is not locked out
 * for long.
 */
export const SIGN_IN_THROTTLE = { keyPrefix: 'runnel:sign-in', points: 5, duration: 15 * 60 };

/** One sign-in attempt: what the comparison found, or how long the address must wait first. */
export type SignInAttempt<T> =
  { refused: false; match: T | undefined } | { refused: true; retryAfterS: number };

export interface SignInThrottle {
  /**
   * Takes one try from `address` and only then runs `compare`: the try is an atomic consume (one
   * Redis command when `REDIS_URL` is set), so of any number of attempts sent at once — to one
   * instance or spread over many — only the allowance is ever compared; the rest are refused
   * without being looked at. A match gives its try back, so signing in never uses up the
   * allowance of a shared address.
   */
  attempt<T>(address: string, compare: () => T | undefined): Promise<SignInAttempt<T>>;
}

/** The throttle on a rate-limiter-flexible counter made with {@link SIGN_IN_THROTTLE}. */
export function createSignInThrottle(limiter: RateCounter): SignInThrottle {
  return {
    async attempt(address, compare) {
      const retryAfterS = await takePoint(limiter, address);
      if (retryAfterS !== undefined) return { refused: true, retryAfterS };
      const match = compare();
      if (match !== undefined) await limiter.reward(address, 1);
      return { refused: false, match };
    },
  };
}

// Shared by every instance through Redis when `REDIS_URL` is set (a guesser spreading tries over
// instances gets no more of them); created on first use, after configuration is read.
let shared: SignInThrottle | undefined;

/** This server's sign-in throttle. */
export function signInThrottle(): SignInThrottle {
  shared ??= createSignInThrottle(createRateLimiter(SIGN_IN_THROTTLE));
  return shared;
}
