import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('POST /api/bench/pipe', () => {
  it('is never for widget visitors, even switched on', async () => {
    const POST = await loadRoute(async () => (await import('./route')).POST, {
      BENCH_RAW_PIPE: '1',
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const post = (headers: Record<string, string>, text = body) =>
      new Request('http://app.test/api/bench/pipe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: text,
      });
    const visitor = await POST(post({ 'x-runnel-visitor': 'visitor-0123456789abcdef' }));
    expect(visitor.status).toBe(403);
    // The control: from the app's own (open) side the pipe is reached, and reads the body.
    expect((await POST(post({}, 'not json'))).status).toBe(400);
  });
});
