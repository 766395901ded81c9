import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import type { Identity } from '../auth/identity';
import type { LimitsConfig } from '../config/limits-schema';
import { createMemorySlotStore } from '../admission/slot-store';
import { createRedisSlotStore } from '../admission/redis-slot-store';
import { createSlots } from '../admission/slots';
import { createLimits } from './limits';
import { createRateLimiter } from '../redis/rate-limiter';

const redis = redisForTests();

const visitor = (id: string, address: string): Identity => ({
  kind: 'visitor',
  key: `visitor:${id}`,
  visitorId: id,
  address,
});

/** Keys that would outlive a minute's window (TTL over 60 s, or none). */
async function longLivedKeys(): Promise<string[]> {
  const keys = await redis().keys('*');
  const ttls = await Promise.all(keys.map((key) => redis().pttl(key)));
  return keys.filter((_, i) => ttls[i]! > 60_000 || ttls[i] === -1);
}

describe('limits in Redis under abuse', () => {
  it('writes nothing that outlives its window for refused requests from new visitor ids', async () => {
    await redis().flushdb();
    const config: LimitsConfig = {
      user: {},
      embed: { rpm: 2, concurrent: 2, tokensPerDay: 1000 },
      queueTimeoutMs: 1000,
    };
    const limits = createLimits(config, {
      slots: createSlots({
        local: createMemorySlotStore(),
        shared: async () => createRedisSlotStore(redis()),
      }),
      rateLimiter: (options) => createRateLimiter(options, redis()),
      isAllowedHost: () => true,
    });
    // One admitted request (its day's tokens are rightly kept), then 200 refusals, each with a
    // new visitor id, from the same address.
    const first = await limits.check(visitor('v-admitted-000000000', '10.0.0.1'), 100);
    if (!first.ok) throw new Error('refused');
    first.hold.end(100);
    const before = (await longLivedKeys()).length;
    const refusals: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      const id = `v-refused-${String(i).padStart(10, '0')}`;
      refusals.push((await limits.check(visitor(id, '10.0.0.1'), 100)).ok);
    }
    // The address's second request of the minute is admitted: its visitor's day-long count is the
    // only key added; the 199 refused add nothing that outlives the minute.
    expect(refusals.filter(Boolean)).toHaveLength(1);
    expect(await longLivedKeys()).toHaveLength(before + 1);

    // A token refusal from a new id at a spent address: nothing day-long is written either.
    await redis().flushdb();
    const spent = createLimits(
      { ...config, embed: { tokensPerDay: 1000 } },
      {
        slots: createSlots({ local: createMemorySlotStore(), shared: async () => undefined }),
        rateLimiter: (options) => createRateLimiter(options, redis()),
        isAllowedHost: () => true,
      },
    );
    const big = await spent.check(visitor('v-spender-000000000', '10.0.0.2'), 1000);
    if (!big.ok) throw new Error('refused');
    const keysAfterSpend = (await longLivedKeys()).length;
    for (let i = 0; i < 50; i++) {
      const id = `v-tokens-${String(i).padStart(11, '0')}`;
      expect((await spent.check(visitor(id, '10.0.0.2'), 10)).ok).toBe(false);
    }
    expect(await longLivedKeys()).toHaveLength(keysAfterSpend);
  });
});
