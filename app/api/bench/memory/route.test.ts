import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/bench/memory', () => {
  it('is never for widget visitors, even switched on', async () => {
    const GET = await loadRoute(async () => (await import('./route')).GET, {
      BENCH_RAW_PIPE: '1',
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
    });
    const get = (headers: Record<string, string>) =>
      new Request('http://app.test/api/bench/memory', { headers });
    expect((await GET(get({ 'x-runnel-visitor': 'visitor-0123456789abcdef' }))).status).toBe(403);
    expect((await GET(get({}))).status).toBe(200);
  });
});
