import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const VISITOR = { 'x-runnel-visitor': 'visitor-0123456789abcdef' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const loadGet = (env: Record<string, string>) =>
  loadRoute(async () => (await import('./route')).GET, {
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    MODELS: 'public,private,secret',
    EMBED_ALLOWED_ORIGINS: 'https://site.test',
    ...env,
  });

async function modelIds(response: Response): Promise<string[]> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { models: { id: string }[] };
  return body.models.map((m) => m.id);
}

describe('GET /api/models', () => {
  it("lists only the widget's models to visitors, every model to the app's users", async () => {
    const GET = await loadGet({ EMBED_MODELS: 'public' });
    const request = (headers: Record<string, string> = {}) =>
      new Request('http://app.test/api/models', { headers });
    expect(await modelIds(await GET(request(VISITOR)))).toEqual(['public']);
    expect(await modelIds(await GET(request()))).toEqual(['public', 'private', 'secret']);
  });

  it("tells a visitor's composer its smaller body cap", async () => {
    const GET = await loadGet({ EMBED_MODELS: 'public' });
    const request = (headers: Record<string, string> = {}) =>
      new Request('http://app.test/api/models', { headers });
    const visitor = (await (await GET(request(VISITOR))).json()) as Record<string, unknown>;
    expect(visitor.max_request_bytes).toBe(256 * 1024);
    const user = (await (await GET(request())).json()) as Record<string, unknown>;
    expect(user).not.toHaveProperty('max_request_bytes');
  });

  it('refuses to serve a closed server whose widget has no EMBED_MODELS, naming it', async () => {
    const GET = await loadGet({
      AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
      ACCESS_CODES: 'team:a-long-enough-code',
    });
    const { issueEmbedPass } = await import('@/lib/server/auth/embed-pass');
    const { pass } = await issueEmbedPass('a-test-secret-that-is-at-least-32-bytes-long');
    const response = await GET(
      new Request('http://app.test/api/models', {
        headers: { ...VISITOR, 'x-runnel-embed-pass': pass },
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { code: 'configuration_error', message: expect.stringContaining('EMBED_MODELS') },
    });
  });
});
