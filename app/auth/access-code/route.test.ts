import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('POST /auth/access-code', () => {
  it('refuses an empty code without counting it as a wrong try', async () => {
    const POST = await loadRoute(async () => (await import('./route')).POST, {
      AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
      ACCESS_CODES: 'team:a-long-enough-code',
    });
    const post = (code: string) =>
      POST(
        new Request('http://app.test/auth/access-code', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code, next: '/' }),
        }),
      );
    for (const empty of ['', '   ', '', '', '', '', '']) {
      const response = await post(empty);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_request', param: 'code' },
      });
    }
    // Seven empty submissions later, every one of the five tries is still there.
    for (let i = 0; i < 5; i++) expect((await post('wrong code')).status).toBe(401);
    expect((await post('wrong code')).status).toBe(429);
  });
});
