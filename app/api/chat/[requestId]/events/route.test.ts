import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '@/lib/protocol/events';
import { readEventStream } from '@/lib/protocol/read-event-stream';
import { loadRoute } from '@/testing/unit/route-env';

/** A backend that answers in a few tokens and holds the last one until told (or closed). */
let backend: Server;
let base = '';
beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
    }
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hi' } }] })}\n\n`);
    // …and then silence until the client goes away.
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  backend.closeAllConnections();
  return new Promise<void>((resolve) => backend.close(() => resolve()));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/chat/{id}/events and POST /api/chat/{id}/stop', () => {
  it('reattach with the token, refuse without it, and stop the answer', async () => {
    const routes = await loadRoute(
      async () => ({
        // The chat route's own `after()` needs Next's request scope: the handler behind it starts
        // the answer here.
        chat: async (request: Request) => {
          const { withServices } = await import('@/lib/server/entry/with-services');
          const { handleChat } = await import('@/lib/server/entry/handle-chat');
          return withServices((services) =>
            handleChat(request, services, {
              kind: 'anonymous',
              key: 'address:192.0.2.1',
              address: '192.0.2.1',
            }),
          );
        },
        events: (await import('./route')).GET,
        stop: (await import('../stop/route')).POST,
      }),
      { OPENAI_BASE_URL: base, MODELS: 'm' },
    );
    const started = await routes.chat(
      new Request('http://app.test/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
          resumable: true,
        }),
      }),
    );
    const own = readEventStream(started.body!)[Symbol.asyncIterator]();
    const start = (await own.next()).value as RunnelEvent;
    if (start.type !== 'start' || !start.resume_token) throw new Error('no resume token');
    const params = (requestId: string) => ({ params: Promise.resolve({ requestId }) });
    const events = (token: string, id = start.request_id) =>
      routes.events(
        new Request(`http://app.test/api/chat/${id}/events`, {
          headers: { 'x-resume-token': token },
        }),
        params(id),
      );
    expect((await events('wrong')).status).toBe(403);
    expect((await events(start.resume_token, `chat_${crypto.randomUUID()}`)).status).toBe(404);
    const reader = await events(start.resume_token);
    expect(reader.status).toBe(200);
    const stop = await routes.stop(
      new Request(`http://app.test/api/chat/${start.request_id}/stop`, {
        method: 'POST',
        headers: { 'x-resume-token': start.resume_token },
      }),
      params(start.request_id),
    );
    expect(stop.status).toBe(204);
    const seen: RunnelEvent[] = [];
    for await (const event of readEventStream(reader.body!)) seen.push(event);
    expect(seen[0]).toMatchObject({ type: 'start' });
    expect(seen[0]).not.toHaveProperty('resume_token');
    expect(seen.at(-1)).toEqual({ type: 'stopped', released_ms: expect.any(Number) });
  });
});
