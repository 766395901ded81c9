import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const TOKEN = 'metrics-token-0123456789';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const load = (env: Record<string, string>) =>
  loadRoute(async () => (await import('./route')).GET, env);
const get = (authorization?: string) =>
  new Request('http://app.test/api/metrics', {
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const GET = await load({});
    expect((await GET(get(`Bearer ${TOKEN}`))).status).toBe(404);
  });

  it('answers the exact bearer token only', async () => {
    const GET = await load({ METRICS_TOKEN: TOKEN });
    for (const wrong of [undefined, TOKEN, `Bearer ${TOKEN.slice(0, 8)}`, `Bearer ${TOKEN}0`]) {
      const refused = await GET(get(wrong));
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    }
    const ok = await GET(get(`Bearer ${TOKEN}`));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('runnel_');
  });
});
