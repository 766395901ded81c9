import { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import { freePort } from '../../../testing/stack/free-port';
import { dedicatedRedis, takesCommands } from './client';
import { createRateLimiter, SHARED_DEADLINE_MS, withinDeadline } from './rate-limiter';
import { holdEventLoop } from '../../../testing/unit/hold-event-loop';

const redis = redisForTests();

/** A connection made as the app's counters' is (`counterRedis`): the client's own timeout is long. */
async function countersConnection(): Promise<Redis> {
  const client = dedicatedRedis(redis(), 'test counters', {
    commandTimeout: 5_000,
    lazyConnect: false,
  });
  expect(await takesCommands(client)).toBe(true);
  return client;
}

/** One point a minute under a key of its own, counted through `client`. */
function onePointCounter(client: Redis) {
  return createRateLimiter(
    { keyPrefix: `test:${crypto.randomUUID()}`, points: 1, duration: 60 },
    client,
  );
}

describe('rate counters in Redis', () => {
  it('an event loop busy past the deadline still reads the answer that came in time', async () => {
    const client = await countersConnection();
    try {
      const counter = onePointCounter(client);
      await counter.consume('k');
      const second = counter.consume('k');
      // The command is written in this turn's microtasks; the loop is then held past the deadline
      // while Redis answers. Counted in memory after the deadline, the second point would be taken.
      setImmediate(() => holdEventLoop(SHARED_DEADLINE_MS + 300));
      await expect(second).rejects.toBeInstanceOf(RateLimiterRes);
      // Both points were counted in Redis.
      expect((await counter.get('k'))?.consumedPoints).toBe(2);
    } finally {
      client.disconnect();
    }
  });

  it('a Redis that does not answer in time is left for memory, and the limit holds there', async () => {
    const client = await countersConnection();
    const pauser = redis().duplicate({ lazyConnect: true });
    await pauser.connect();
    try {
      const counter = onePointCounter(client);
      await pauser.call('CLIENT', 'PAUSE', String(SHARED_DEADLINE_MS * 4), 'ALL');
      const started = performance.now();
      await expect(counter.consume('p')).resolves.toBeDefined();
      expect(performance.now() - started).toBeGreaterThanOrEqual(SHARED_DEADLINE_MS - 5);
      await expect(counter.consume('p')).rejects.toBeInstanceOf(RateLimiterRes);
    } finally {
      await pauser.call('CLIENT', 'UNPAUSE');
      pauser.disconnect();
      client.disconnect();
    }
  });

  it('a Redis never reached counts in memory', async () => {
    const client = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      const counter = onePointCounter(client);
      await expect(counter.consume('n')).resolves.toBeDefined();
      await expect(counter.consume('n')).rejects.toBeInstanceOf(RateLimiterRes);
    } finally {
      client.disconnect();
    }
  });
});

describe('withinDeadline', () => {
  it('passes on what settles in time, and fails what does not', async () => {
    await expect(withinDeadline(Promise.resolve(1), 50)).resolves.toBe(1);
    await expect(withinDeadline(Promise.reject(new Error('no')), 50)).rejects.toThrow('no');
    await expect(withinDeadline(new Promise(() => undefined), 20)).rejects.toThrow(
      'no answer within 20 ms',
    );
  });
});
