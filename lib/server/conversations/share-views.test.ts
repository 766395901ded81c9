import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { countShareView, SHARE_VIEWS } from './share-views';

describe('share page views', () => {
  it('lets a viewer open 60 a minute, then says how long to wait; other viewers are not held', async () => {
    const limiter = new RateLimiterMemory(SHARE_VIEWS);
    for (let i = 0; i < SHARE_VIEWS.points; i++)
      expect(await countShareView(limiter, 'addr:203.0.113.7')).toEqual({ allowed: true });
    const refused = await countShareView(limiter, 'addr:203.0.113.7');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterS).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterS).toBeLessThanOrEqual(SHARE_VIEWS.duration);
    }
    expect(await countShareView(limiter, 'addr:203.0.113.8')).toEqual({ allowed: true });
    expect(await countShareView(limiter, 'user:ada')).toEqual({ allowed: true });
  });
});
