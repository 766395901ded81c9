import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import { untilRead } from '../../../testing/unit/until';
import { createSharedCounter } from './redis-counter';

const redis = redisForTests();

const A = 'gpu http://a.test/v1';
const B = 'gpu http://b.test/v1';

describe('replica stream counts shared through Redis', () => {
  it('two instances see each other’s streams, and their ends', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const one = createSharedCounter(async () => redis(), { prefix });
    const two = createSharedCounter(async () => redis(), { prefix });
    const offA = await one.add(A);
    const offB1 = await two.add(B);
    const offB2 = await two.add(B);
    expect(await one.counts([A, B])).toEqual([1, 2]);
    expect(await two.counts([A, B])).toEqual([1, 2]);
    offB1();
    offB1();
    await expect.poll(() => one.counts([A, B])).toEqual([1, 1]);
    offA();
    offB2();
    await expect.poll(() => two.counts([A, B])).toEqual([0, 0]);
  });

  it('forgets the streams of an instance that stopped renewing them (a crash) after the TTL', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const alive = createSharedCounter(async () => redis(), { prefix, ttlMs: 150 });
    const off = await alive.add(A);
    // A crashed instance's lease: added once, never renewed, never released.
    await redis().zadd(`${prefix}${A}`, Date.now() + 150, 'crashed-instance-lease');
    expect(await alive.counts([A])).toEqual([2]);
    // Counted until the crashed one is dropped. The live one, added first, would have expired by
    // then had it not been renewed (every 50 ms): it still counts.
    const { counts } = await untilRead(
      async () => ({
        counts: await alive.counts([A]),
        crashed: await redis().zscore(`${prefix}${A}`, 'crashed-instance-lease'),
      }),
      ({ crashed }) => crashed === null,
      5_000,
    );
    expect(counts).toEqual([1]);
    off();
    await expect.poll(() => alive.counts([A])).toEqual([0]);
  });

  it('counts this instance’s streams when Redis is not there', async () => {
    const down = createSharedCounter(async () => undefined);
    const off = await down.add(A);
    await down.add(B);
    expect(await down.counts([A, B])).toEqual([1, 1]);
    off();
    expect(await down.counts([A, B])).toEqual([0, 1]);
  });
});
