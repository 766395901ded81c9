import { describe, expect, it } from 'vitest';
import { recordWrongCode, signInRetryAfterS, SIGN_IN_THROTTLE } from './sign-in-throttle';

describe('sign-in throttle', () => {
  it('refuses an address after the allowed number of wrong codes, and only that address', async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.points; i++) {
      expect(await signInRetryAfterS('192.0.2.1')).toBe(0);
      await recordWrongCode('192.0.2.1');
    }
    const wait = await signInRetryAfterS('192.0.2.1');
    expect(wait).toBeGreaterThan(SIGN_IN_THROTTLE.duration - 5);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_THROTTLE.duration);
    expect(await signInRetryAfterS('192.0.2.2')).toBe(0);
  });
});
