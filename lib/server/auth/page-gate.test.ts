import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '../../../testing/unit/route-env';

afterEach(() => {
  vi.unstubAllEnvs();
});

const closedGate = () =>
  loadRoute(async () => (await import('./page-gate')).pageGate, {
    AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
    ACCESS_CODES: 'team:a-long-enough-code',
  });

describe('pageGate on a closed server', () => {
  it('serves the manifest, icons and robots.txt signed out', async () => {
    const pageGate = await closedGate();
    for (const path of [
      '/manifest.webmanifest',
      '/robots.txt',
      '/icon.png',
      '/apple-icon.png',
      '/favicon.ico',
      '/icon-192.png',
      '/icon-512.png',
      '/icon-maskable-512.png',
    ])
      expect(await pageGate(path, '', new Headers())).toEqual({});
  });

  it('still sends every page, and look-alike paths, to sign in', async () => {
    const pageGate = await closedGate();
    for (const path of ['/', '/c/abc', '/robots.txt/x', '/manifest.webmanifest.html'])
      expect((await pageGate(path, '', new Headers())).redirect).toMatch(/^\/sign-in\?next=/);
    expect(await pageGate('/sign-in', '', new Headers())).toEqual({});
  });
});
