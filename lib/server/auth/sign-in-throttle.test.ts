import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { describe, expect, it, onTestFinished } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import { createSignInThrottle, SIGN_IN_THROTTLE, type SignInThrottle } from './sign-in-throttle';

const redis = redisForTests();
const { points, duration } = SIGN_IN_THROTTLE;

/** Two instances' throttles on one counter: both in one memory, or two clients of one Redis. */
const counters: [string, () => Promise<[SignInThrottle, SignInThrottle]>][] = [
  [
    'memory',
    async () => {
      const throttle = createSignInThrottle(new RateLimiterMemory(SIGN_IN_THROTTLE));
      return [throttle, throttle];
    },
  ],
  [
    'redis',
    async () => {
      const keyPrefix = `test:${crypto.randomUUID()}:sign-in`;
      // Another instance: its own connection to the same redis-server.
      const other = redis().duplicate();
      await other.connect();
      onTestFinished(() => other.disconnect());
      const on = (client: Redis) =>
        createSignInThrottle(
          new RateLimiterRedis({ ...SIGN_IN_THROTTLE, keyPrefix, storeClient: client }),
        );
      return [on(redis()), on(other)];
    },
  ],
];

/** A comparison that counts how often it ran and never matches (a wrong code). */
function wrongCode() {
  const compared = { count: 0 };
  return { compared, compare: () => (compared.count++, undefined) };
}

describe.each(counters)('sign-in throttle in %s', (_name, makeThrottles) => {
  it('compares only the allowance of parallel wrong codes; the rest get a Retry-After', async () => {
    const [a, b] = await makeThrottles();
    const { compared, compare } = wrongCode();
    const attempts = await Promise.all(
      Array.from({ length: 4 * points }, (_, i) => (i % 2 ? b : a).attempt('192.0.2.1', compare)),
    );
    expect(compared.count).toBe(points);
    const refused = attempts.filter((attempt) => attempt.refused);
    expect(refused).toHaveLength(3 * points);
    for (const attempt of refused) {
      expect(attempt.retryAfterS).toBeGreaterThan(duration - 5);
      expect(attempt.retryAfterS).toBeLessThanOrEqual(duration);
    }
    // Another address is not affected, on either instance.
    expect(await b.attempt('192.0.2.2', compare)).toEqual({ refused: false, match: undefined });
    expect(compared.count).toBe(points + 1);
  });

  it('gives the try of a right code back, so signing in does not use up the allowance', async () => {
    const [a, b] = await makeThrottles();
    for (let i = 0; i < 2 * points; i++) {
      expect(await a.attempt('192.0.2.3', () => 'team')).toEqual({ refused: false, match: 'team' });
    }
    const { compared, compare } = wrongCode();
    for (let i = 0; i < points; i++) await b.attempt('192.0.2.3', compare);
    expect(compared.count).toBe(points);
    expect(await a.attempt('192.0.2.3', () => 'team')).toMatchObject({ refused: true });
  });
});
