import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '@/lib/protocol/events';
import { readEventStream } from '@/lib/protocol/read-event-stream';
import { loadRoute } from '@/testing/unit/route-env';

/** A backend that lists model `m` and fails every chat: 500 at once, or an error frame mid-answer. */
let backend: Server;
let base = '';
beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (body.includes('http-error')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'boom' } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"error":{"message":"CUDA error","code":500}}\n\ndata: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
});

async function events(response: Response): Promise<RunnelEvent[]> {
  expect(response.status).toBe(200);
  const out: RunnelEvent[] = [];
  for await (const event of readEventStream(response.body!)) out.push(event);
  return out;
}

describe('POST /api/chat: what an answer holds is given back however it ends', () => {
  it('releases the backend slot and the stream slot after answers that end in errors', async () => {
    const POST = await loadRoute(async () => (await import('./route')).POST, {
      OPENAI_BASE_URL: base,
      MODELS: 'm',
      MAX_CONCURRENT_STREAMS: '1',
      RATE_LIMIT_CONCURRENT: '1',
      QUEUE_TIMEOUT_MS: '300',
    });
    const chat = (text: string) =>
      new Request('http://app.test/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: text }] }),
      });
    // One after the other: each finds the one slot free again (no `overloaded`, no 429).
    for (const text of ['http-error', 'frame-error', 'http-error', 'frame-error']) {
      const last = (await events(await POST(chat(text)))).at(-1);
      expect(last).toMatchObject({
        type: 'error',
        error: { code: text === 'http-error' ? 'upstream_http_error' : 'upstream_error' },
      });
    }
  });
});
