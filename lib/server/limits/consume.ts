import 'server-only';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateCounter } from '../redis/rate-limiter';

/** One key's consumption: refused (with the wait) or taken (and whether it created the key). */
type Outcome = { refused: RateLimiterRes } | { refused?: undefined; fresh: boolean };

function consumeOne(limiter: RateCounter, key: string, points: number): Promise<Outcome> {
  return limiter.consume(key, points).then(
    (res) => ({ fresh: res.consumedPoints === points }),
    (error: unknown) => {
      if (error instanceof RateLimiterRes) return { refused: error };
      // Neither Redis nor memory could count (cannot happen with memory behind Redis): let the
      // request through rather than failing it.
      return { fresh: false };
    },
  );
}

function longestWait(outcomes: Outcome[]): RateLimiterRes | undefined {
  let worst: RateLimiterRes | undefined;
  for (const o of outcomes)
    if (o.refused && (!worst || o.refused.msBeforeNext > worst.msBeforeNext)) worst = o.refused;
  return worst;
}

/**
 * Consumes `points` under every key; the refusal with the longest wait if any key is over. A
 * refused request still counts as a request of its minute (the keys live no longer than it).
 */
export async function consumeAll(
  limiter: RateCounter,
  keys: string[],
  points: number,
): Promise<RateLimiterRes | undefined> {
  return longestWait(await Promise.all(keys.map((key) => consumeOne(limiter, key, points))));
}

/**
 * Like `consumeAll`, but a refusal takes nothing: what was consumed under the other keys is given
 * back, and a key this call created is deleted rather than left at zero — a day-long counter
 * written for a request that was refused would outlive it by a day (a script with a new visitor id
 * per request would fill Redis with them).
 */
export async function consumeOrForget(
  limiter: RateCounter,
  keys: string[],
  points: number,
): Promise<RateLimiterRes | undefined> {
  const outcomes = await Promise.all(keys.map((key) => consumeOne(limiter, key, points)));
  const refused = longestWait(outcomes);
  if (!refused) return undefined;
  await Promise.all(
    outcomes.map((o, i) => {
      const key = keys[i]!;
      const fresh = o.refused ? o.refused.consumedPoints === points : o.fresh;
      return (fresh ? limiter.delete(key) : limiter.reward(key, points)).catch(() => undefined);
    }),
  );
  return refused;
}
