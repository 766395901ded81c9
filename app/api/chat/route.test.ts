import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunked, longestStall, loadRoute, streamedPost } from '@/testing/unit/route-env';

const URL = 'http://app.test/api/chat';
const VISITOR = { 'x-runnel-visitor': 'visitor-0123456789abcdef' };
const BASE_ENV = {
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  MODELS: 'm',
  EMBED_ALLOWED_ORIGINS: 'https://site.test',
};

const loadPost = (env: Record<string, string> = {}) =>
  loadRoute(async () => (await import('./route')).POST, { ...BASE_ENV, ...env });

const body = (value: unknown) => chunked(JSON.stringify(value));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('POST /api/chat: cheap checks first', () => {
  it('refuses a visitor over its requests a minute without reading the body', async () => {
    const POST = await loadPost({ EMBED_RATE_LIMIT_RPM: '1' });
    // The first is admitted (and refused for its body, which still counts in its minute).
    const first = await POST(streamedPost(URL, body({}), VISITOR).request);
    expect(first.status).toBe(400);
    const { request, pulled } = streamedPost(URL, body({ model: 'm', messages: [] }), VISITOR);
    const refused = await POST(request);
    expect(refused.status).toBe(429);
    expect(pulled()).toBe(0);
  });

  it('gives widget visitors a smaller body cap (EMBED_MAX_REQUEST_BYTES)', async () => {
    const POST = await loadPost({ EMBED_MAX_REQUEST_BYTES: '1000' });
    const big = { model: 'nope', messages: [{ role: 'user', content: 'x'.repeat(2000) }] };
    const asVisitor = await POST(streamedPost(URL, body(big), VISITOR).request);
    expect(asVisitor.status).toBe(413);
    // The app's own users keep MAX_REQUEST_BYTES: this one reaches the model lookup.
    const asUser = await POST(streamedPost(URL, body(big)).request);
    expect(asUser.status).toBe(404);
  });

  it('defaults the visitor cap to 256 KiB', async () => {
    const POST = await loadPost();
    const text = 'x'.repeat(256 * 1024);
    const big = { model: 'nope', messages: [{ role: 'user', content: text }] };
    expect((await POST(streamedPost(URL, body(big), VISITOR).request)).status).toBe(413);
  });

  it('keeps the event loop responsive while a deeply nested body arrives', async () => {
    const POST = await loadPost();
    const depth = 3_000_000;
    const deep = `{"model":"m","messages":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    let status = 0;
    const stall = await longestStall(async () => {
      const { request, pulled } = streamedPost(URL, chunked(deep));
      status = (await POST(request)).status;
      // Refused at the 65th bracket: the rest is read and thrown away, never parsed.
      expect(pulled()).toBeGreaterThan(0);
    });
    expect(status).toBe(400);
    console.log(
      `[hostile] longest event-loop stall while a 6 MB nested body arrived: ${stall.toFixed(1)} ms`,
    );
    // 20–25 ms measured here; parsing it first held the loop 1 s. The margin is for a loaded CI
    // machine, whose scheduler alone can pause a process for tens of ms.
    expect(stall).toBeLessThan(250);
  });
});

describe('POST /api/chat: what parts may carry', () => {
  const withImage = (url: string) => ({
    model: 'm',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'http://10.0.0.5/internal.png',
    'https://images.example.com/cat.png',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PGgxPg==',
  ])('refuses the image URL %s, naming the part', async (url) => {
    const POST = await loadPost();
    const response = await POST(streamedPost(URL, body(withImage(url))).request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_request', param: 'messages.0.content.1.image_url.url' },
    });
  });

  it('takes remote images only from IMAGE_URL_ALLOWED_HOSTS, over https', async () => {
    const POST = await loadPost({ IMAGE_URL_ALLOWED_HOSTS: 'images.example.com' });
    const allowed = await POST(
      streamedPost(URL, body(withImage('https://images.example.com/cat.png'))).request,
    );
    // Past the checks: the unreachable backend answers in the stream.
    expect(allowed.status).toBe(200);
    await allowed.body?.cancel();
    for (const url of [
      'http://images.example.com/cat.png',
      'https://evil.test/cat.png',
      // The host for the browser's URL parser; 10.0.0.5:8443 for the backend's (Python's).
      'https://images.example.com\\@10.0.0.5:8443/admin',
    ])
      expect((await POST(streamedPost(URL, body(withImage(url))).request)).status).toBe(400);
  });

  it('lets data: images of the allowed types through', async () => {
    const POST = await loadPost();
    const response = await POST(
      streamedPost(URL, body(withImage('data:image/png;base64,iVBORw0KGgo='))).request,
    );
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it('bounds tools and response_format for everyone, and refuses them from visitors', async () => {
    const POST = await loadPost();
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const tool = {
      type: 'function',
      function: { name: 'f', parameters: { type: 'object', pattern: 'a'.repeat(70_000) } },
    };
    const large = await POST(streamedPost(URL, body({ ...chat, tools: [tool] })).request);
    expect(large.status).toBe(400);
    expect(await large.json()).toMatchObject({ error: { param: 'tools' } });
    let nested: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) nested = { type: 'object', properties: { a: nested } };
    const deep = await POST(
      streamedPost(URL, body({ ...chat, response_format: { type: 'json_schema', nested } }))
        .request,
    );
    expect(deep.status).toBe(400);
    const fromVisitor = await POST(
      streamedPost(URL, body({ ...chat, response_format: { type: 'json_object' } }), VISITOR)
        .request,
    );
    expect(fromVisitor.status).toBe(400);
    expect(await fromVisitor.json()).toMatchObject({ error: { param: 'response_format' } });
  });

  it('takes tools from widget visitors with EMBED_ALLOW_TOOLS, within the same bounds', async () => {
    const POST = await loadPost({ EMBED_ALLOW_TOOLS: '1' });
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    const ok = await POST(
      streamedPost(URL, body({ ...chat, response_format: { type: 'json_object' } }), VISITOR)
        .request,
    );
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
    let nested: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) nested = { type: 'object', properties: { a: nested } };
    const deep = await POST(
      streamedPost(
        URL,
        body({ ...chat, response_format: { type: 'json_schema', nested } }),
        VISITOR,
      ).request,
    );
    expect(deep.status).toBe(400);
  });
});
