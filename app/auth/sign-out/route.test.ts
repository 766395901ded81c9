import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('POST /auth/sign-out', () => {
  it('revokes the session: the same cookie is no session afterwards', async () => {
    const { POST, session, authenticate } = await loadRoute(
      async () => ({
        POST: (await import('./route')).POST,
        session: await import('@/lib/server/auth/session'),
        authenticate: (await import('@/lib/server/auth/authenticate')).authenticate,
      }),
      { AUTH_SECRET: SECRET, ACCESS_CODES: 'team:a-long-enough-code' },
    );
    const token = await session.sealSession(
      { key: 'code:team', name: 'team', method: 'access-code' },
      { secret: SECRET, maxAgeS: 3600 },
    );
    const cookie = `${session.SESSION_COOKIE}=${token}`;
    const who = async () => (await authenticate(new Headers({ cookie }))).identity;
    expect(await who()).toMatchObject({ kind: 'user', key: 'code:team' });
    const response = await POST(
      new Request('http://app.test/auth/sign-out', { method: 'POST', headers: { cookie } }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/runnel_session=;/);
    // A copy of the cookie (the browser's was deleted) no longer signs anyone in.
    expect(await who()).toBeNull();
  });
});
