import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEventStream } from '@/lib/protocol/read-event-stream';
import { loadRoute } from '@/testing/unit/route-env';

/**
 * A backend that lists model `m` and answers every chat with one word, closing the connection after
 * each answer as llama.cpp's server does after a stream: every chat opens a connection of its own.
 */
let backend: Server;
let base = '';
beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
      res.end('data: {"choices":[{"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const loadPost = () =>
  loadRoute(async () => (await import('./route')).POST, { OPENAI_BASE_URL: base, MODELS: 'm' });

const chat = () =>
  new Request('http://app.test/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] }),
  });

async function text(response: Response): Promise<string> {
  let out = '';
  for await (const event of readEventStream(response.body!)) {
    if (event.type === 'content') out += event.text;
  }
  return out;
}

describe('POST /api/chat: the way to the first token', () => {
  it('hands the response over only once the upstream request is on the wire', async () => {
    const POST = await loadPost();
    // The first chat also waits for the model listing; the second is the one of interest.
    expect(await text(await POST(chat()))).toBe('hi');
    const order: string[] = [];
    const onSend = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.endsWith('/chat/completions')) order.push('upstream request sent');
    };
    subscribe('undici:client:sendHeaders', onSend);
    try {
      const response = await POST(chat());
      order.push('response handed over');
      expect(order).toEqual(['upstream request sent', 'response handed over']);
      expect(await text(response)).toBe('hi');
    } finally {
      unsubscribe('undici:client:sendHeaders', onSend);
    }
  });

  it("calls the backend with Node's own fetch, not the wrapper Next puts in its place", async () => {
    const nodeFetch = globalThis.fetch;
    const original = vi.fn(nodeFetch);
    // What Next's route runtime leaves on the global: its wrapper, with the function it wrapped.
    const wrapper = Object.assign(vi.fn(nodeFetch), { _nextOriginalFetch: original });
    vi.stubGlobal('fetch', wrapper);
    const POST = await loadPost();
    expect(await text(await POST(chat()))).toBe('hi');
    expect(wrapper).not.toHaveBeenCalled();
    const urls = original.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual([`${base}/models`, `${base}/chat/completions`]);
  });
});
