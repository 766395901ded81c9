import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from './identity';
import type { RateCounter } from '../redis/rate-limiter';

const auth = vi.hoisted(() => ({ closed: true }));
vi.mock('../config/auth-config', () => ({ getAuthConfig: () => auth }));
const { refuseUnlessSignedIn } = await import('./signed-in-only');

const OFF = { code: 'thing_off', message: 'Kept for signed-in users only.' };
const user = { kind: 'user', key: 'code:ada' } as Identity;
const limiter = (allow: boolean) =>
  ({
    consume: vi.fn(() => (allow ? Promise.resolve() : Promise.reject(new Error('over')))),
  }) as unknown as RateCounter;

describe('refuseUnlessSignedIn', () => {
  beforeEach(() => {
    auth.closed = true;
  });

  it('lets a signed-in user within their rate go on, counting the request', async () => {
    const counted = limiter(true);
    expect(await refuseUnlessSignedIn(user, counted, OFF)).toBeNull();
    expect(counted.consume).toHaveBeenCalledWith('code:ada');
  });

  it('answers 404 with the route’s code in open mode, and to anyone not a user', async () => {
    auth.closed = false;
    const open = await refuseUnlessSignedIn(user, limiter(true), OFF);
    expect(open?.status).toBe(404);
    expect(await open?.json()).toMatchObject({ error: { code: 'thing_off' } });
    auth.closed = true;
    const anonymous = { kind: 'anonymous', key: 'addr:127.0.0.1' } as Identity;
    expect((await refuseUnlessSignedIn(anonymous, limiter(true), OFF))?.status).toBe(404);
  });

  it('answers 429 once the user’s rate is spent', async () => {
    const refused = await refuseUnlessSignedIn(user, limiter(false), OFF);
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});
