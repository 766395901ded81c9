import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const OIDC = {
  AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
  OIDC_ISSUER: 'http://127.0.0.1:59995',
  OIDC_CLIENT_ID: 'runnel',
  OIDC_CLIENT_SECRET: 'secret',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('GET /auth/oidc and /auth/oidc/callback', () => {
  it('without OpenID Connect configured, both send the browser to the sign-in page', async () => {
    const routes = await loadRoute(
      async () => ({
        start: (await import('./route')).GET,
        callback: (await import('./callback/route')).GET,
      }),
      {},
    );
    for (const route of [routes.start, routes.callback]) {
      const response = await route(new Request('http://app.test/auth/oidc?next=/c/1'));
      expect(response.headers.get('location')).toMatch(/^\/sign-in/);
    }
  });

  it('an unreachable issuer fails the start; a callback without this browser’s flow fails', async () => {
    const routes = await loadRoute(
      async () => ({
        start: (await import('./route')).GET,
        callback: (await import('./callback/route')).GET,
      }),
      OIDC,
    );
    const started = await routes.start(new Request('http://app.test/auth/oidc?next=/c/1'));
    expect(started.headers.get('location')).toBe('/sign-in?error=oidc-failed&next=%2Fc%2F1');
    const replayed = await routes.callback(
      new Request('http://app.test/auth/oidc/callback?code=x&state=y'),
    );
    expect(replayed.headers.get('location')).toBe('/sign-in?error=oidc-state&next=%2F');
    // The flow cookie is cleared whatever happens.
    expect(replayed.headers.get('set-cookie')).toMatch(/runnel_oidc=;/);
  });
});
