import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /embed/pass', () => {
  it('renews a pass keeping the site it names, and names none for a request without one', async () => {
    const GET = await loadRoute(async () => (await import('./route')).GET, {
      AUTH_SECRET: SECRET,
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
    });
    const { issueEmbedPass, readEmbedPass } = await import('@/lib/server/auth/embed-pass');
    const current = await issueEmbedPass(SECRET, { host: 'https://site.test' });
    const renew = async (headers: Record<string, string>) => {
      const response = await GET(new Request('http://app.test/embed/pass', { headers }));
      expect(response.status).toBe(200);
      const { pass } = (await response.json()) as { pass: string };
      return readEmbedPass(pass, SECRET);
    };
    expect(await renew({ 'x-runnel-embed-pass': current.pass })).toEqual({
      host: 'https://site.test',
    });
    // A header naming a site proves nothing: only a pass this server signed can carry one.
    expect(await renew({ 'x-runnel-embed-host': 'https://site.test' })).toEqual({});
  });
});
