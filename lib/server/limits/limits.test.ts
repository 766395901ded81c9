import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import type { Identity } from '../auth/identity';
import type { LimitsConfig } from '../config/limits-schema';
import { createMemorySlotStore } from '../admission/slot-store';
import { createSlots } from '../admission/slots';
import { createLimits, type LimitDecision, type LimitHold } from './limits';

const base: LimitsConfig = { user: {}, embed: {}, queueTimeoutMs: 1000 };

function limitsWith(config: Partial<LimitsConfig>, allowed = (_o: string) => true) {
  const counters = new Map<string, RateLimiterMemory>();
  const limits = createLimits(
    { ...base, ...config },
    {
      slots: createSlots({ local: createMemorySlotStore(), shared: async () => undefined }),
      rateLimiter: (options) => {
        const counter = new RateLimiterMemory(options);
        counters.set(options.keyPrefix, counter);
        return counter;
      },
      isAllowedHost: allowed,
    },
  );
  /** Waits until the day's tokens counted for an app user's `key` are `used` (settled). */
  const tokensSettle = (key: string, used: number) =>
    expect
      .poll(async () => (await counters.get('runnel:user:tokens')?.get(key))?.consumedPoints, {
        timeout: 5_000,
      })
      .toBe(used);
  return Object.assign(limits, { tokensSettle });
}

const anon = (address: string): Identity => ({
  kind: 'anonymous',
  key: `addr:${address}`,
  address,
});
const visitor = (id: string, address: string, hostOrigin?: string): Identity => ({
  kind: 'visitor',
  key: `visitor:${id}`,
  visitorId: id,
  address,
  ...(hostOrigin ? { hostOrigin } : {}),
});

function hold(decision: LimitDecision): LimitHold {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal.limit}`);
  return decision.hold;
}

describe('limits', () => {
  it('with nothing configured lets everything through', async () => {
    const limits = limitsWith({});
    for (let i = 0; i < 50; i++)
      expect((await limits.check(anon('1.1.1.1'), 10_000)).ok).toBe(true);
  });

  it('counts requests a minute per identity', async () => {
    const limits = limitsWith({ user: { rpm: 3 } });
    for (let i = 0; i < 3; i++) hold(await limits.check(anon('1.1.1.1'), 1)).end(0);
    const refused = await limits.check(anon('1.1.1.1'), 1);
    expect(refused).toMatchObject({ ok: false, refusal: { limit: 'requests_per_minute' } });
    if (!refused.ok) expect(refused.refusal.retryAfterS).toBeGreaterThanOrEqual(59);
    expect((await limits.check(anon('2.2.2.2'), 1)).ok).toBe(true);
  });

  it('counts streams at once and frees them when they end', async () => {
    const limits = limitsWith({ user: { concurrent: 2 } });
    const a = hold(await limits.check(anon('1.1.1.1'), 1));
    hold(await limits.check(anon('1.1.1.1'), 1));
    expect(await limits.check(anon('1.1.1.1'), 1)).toMatchObject({
      ok: false,
      refusal: { limit: 'concurrent_streams' },
    });
    a.end(0);
    await expect.poll(async () => (await limits.check(anon('1.1.1.1'), 1)).ok).toBe(true);
  });

  it('reserves tokens before and settles with the usage after', async () => {
    const limits = limitsWith({ user: { tokensPerDay: 1000 } });
    const a = hold(await limits.check(anon('1.1.1.1'), 600));
    // Parallel: 600 reserved, 600 more would overshoot.
    expect(await limits.check(anon('1.1.1.1'), 600)).toMatchObject({
      ok: false,
      refusal: { limit: 'tokens_per_day' },
    });
    a.end(100);
    await limits.tokensSettle('addr:1.1.1.1', 100);
    // 100 used: 900 left, and the refused reservation did not eat any.
    hold(await limits.check(anon('1.1.1.1'), 900)).end(900);
    await limits.tokensSettle('addr:1.1.1.1', 1000);
    const refused = await limits.check(anon('1.1.1.1'), 1);
    expect(refused).toMatchObject({ ok: false, refusal: { limit: 'tokens_per_day' } });
    if (!refused.ok) expect(refused.refusal.retryAfterS).toBeGreaterThan(86_000);
  });

  it('counts a visitor by visitor id and by address: a new id does not reset the limit', async () => {
    const limits = limitsWith({ embed: { rpm: 2 } });
    hold(await limits.check(visitor('v-aaaaaaaaaaaaaaaa', '3.3.3.3'), 1));
    hold(await limits.check(visitor('v-aaaaaaaaaaaaaaaa', '3.3.3.3'), 1));
    expect((await limits.check(visitor('v-bbbbbbbbbbbbbbbb', '3.3.3.3'), 1)).ok).toBe(false);
    // The same visitor from another address is still over its own count.
    expect((await limits.check(visitor('v-aaaaaaaaaaaaaaaa', '4.4.4.4'), 1)).ok).toBe(false);
    expect((await limits.check(visitor('v-cccccccccccccccc', '5.5.5.5'), 1)).ok).toBe(true);
    // Visitors have their own limits: the app's (unlimited here) are unaffected.
    expect((await limits.check(anon('3.3.3.3'), 1)).ok).toBe(true);
  });

  it('caps the requests of all the visitors of one allowed site', async () => {
    const limits = limitsWith({ embed: { hostRpm: 2 } }, (o) => o === 'https://site.test');
    hold(await limits.check(visitor('v-1111111111111111', '6.0.0.1', 'https://site.test'), 1));
    hold(await limits.check(visitor('v-2222222222222222', '6.0.0.2', 'https://site.test'), 1));
    expect(
      await limits.check(visitor('v-3333333333333333', '6.0.0.3', 'https://site.test'), 1),
    ).toMatchObject({
      ok: false,
      refusal: { limit: 'requests_per_minute' },
    });
    // A claimed origin that may not embed is not counted (nor can it eat a real site's share).
    for (let i = 0; i < 3; i++)
      expect(
        (
          await limits.check(
            visitor(`v-444444444444444${i}`, `6.0.1.${i}`, 'https://other.test'),
            1,
          )
        ).ok,
      ).toBe(true);
  });

  it('gives back the stream slot when a later limit refuses', async () => {
    const limits = limitsWith({ user: { concurrent: 1, tokensPerDay: 100 } });
    expect((await limits.check(anon('7.7.7.7'), 500)).ok).toBe(false);
    hold(await limits.check(anon('7.7.7.7'), 50));
  });

  it('counts only admitted requests toward a site: one client with rotating ids cannot shut it', async () => {
    const limits = limitsWith({ embed: { rpm: 2, hostRpm: 5 } });
    const site = 'https://site.test';
    // One address, a new visitor id each time: its own per-address limit refuses it after two…
    const statuses: boolean[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await limits.check(visitor(`v-rot${String(i).padStart(13, '0')}`, '8.8.8.8', site), 1)).ok,
      );
    expect(statuses.filter(Boolean)).toHaveLength(2);
    // …and its refusals spent nothing of the site's five: three other visitors still get in.
    for (let i = 0; i < 3; i++)
      hold(
        await limits.check(visitor(`v-oth${String(i).padStart(13, '0')}`, `9.9.9.${i}`, site), 1),
      );
  });

  it('gives the site its request back when the token quota refuses after admission', async () => {
    const limits = limitsWith({ embed: { hostRpm: 1, tokensPerDay: 10 } });
    const site = 'https://site.test';
    expect((await limits.check(visitor('v-tok0000000000001', '8.8.4.4', site), 50)).ok).toBe(false);
    hold(await limits.check(visitor('v-tok0000000000002', '8.8.4.5', site), 5));
  });

  it('admits before the body is known and releases what it took when the request is refused later', async () => {
    const limits = limitsWith({ user: { concurrent: 1 } });
    const first = await limits.admit(anon('7.7.7.8'));
    if (!first.ok) throw new Error('refused');
    expect((await limits.admit(anon('7.7.7.8'))).ok).toBe(false);
    first.admitted.release();
    await expect.poll(async () => (await limits.admit(anon('7.7.7.8'))).ok).toBe(true);
  });

  it('counts visitors on one IPv6 /64 as one address', async () => {
    const limits = limitsWith({ embed: { rpm: 2 } });
    hold(await limits.check(visitor('v-six0000000000001', '2001:db8:5:6::1'), 1));
    hold(await limits.check(visitor('v-six0000000000002', '2001:db8:5:6::2'), 1));
    expect((await limits.check(visitor('v-six0000000000003', '2001:db8:5:6:1::3'), 1)).ok).toBe(
      false,
    );
    expect((await limits.check(visitor('v-six0000000000004', '2001:db8:5:7::1'), 1)).ok).toBe(true);
  });

  it('reserves what is left of the day, down to a floor, when asked for less at least', async () => {
    const limits = limitsWith({ user: { tokensPerDay: 1000 } });
    hold(await limits.check(anon('7.7.8.1'), 900)).end(900);
    await limits.tokensSettle('addr:7.7.8.1', 900);
    // 4,096 wanted, 100 left: the request gets the 100 rather than a refusal…
    const admitted = await limits.admit(anon('7.7.8.1'));
    if (!admitted.ok) throw new Error('refused');
    const flexible = hold(await admitted.admitted.reserve(4096, 50));
    // …and settles exactly: 30 used leaves 70.
    flexible.end(30);
    await limits.tokensSettle('addr:7.7.8.1', 930);
    hold(await limits.check(anon('7.7.8.1'), 70)).end(70);
    await limits.tokensSettle('addr:7.7.8.1', 1000);
    // Nothing left: below the floor, refused.
    const again = await limits.admit(anon('7.7.8.1'));
    if (!again.ok) throw new Error('refused');
    expect(await again.admitted.reserve(4096, 50)).toMatchObject({
      ok: false,
      refusal: { limit: 'tokens_per_day' },
    });
  });
});
