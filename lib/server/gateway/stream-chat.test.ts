import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { readEventStream } from '../../protocol/read-event-stream';
import { streamChat, type StreamChatOptions } from './stream-chat';

/** A real local backend whose behaviour each test picks by path. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const handlers = new Map<string, Handler>();
const closedAt = new Map<string, number>();
let server: Server;
let base = '';
const KEY = 'sk-unit-secret-key-42';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    res.on('close', () => closedAt.set(path, performance.now()));
    handlers.get(path)?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function sse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
}

function chunk(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

function options(path: string, overrides: Partial<StreamChatOptions> = {}): StreamChatOptions {
  return {
    upstream: { url: `${base}${path}`, headers: { Authorization: `Bearer ${KEY}` }, body: '{}' },
    backendURL: base,
    requestId: 'r1',
    model: 'm',
    normalizer: {},
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    keepaliveIntervalMs: 5_000,
    secrets: [KEY],
    signal: new AbortController().signal,
    receivedAt: performance.now(),
    ...overrides,
  };
}

const deps = { fetch: globalThis.fetch, now: () => performance.now() };

async function collect(stream: ReadableStream<Uint8Array>): Promise<RunnelEvent[]> {
  const events: RunnelEvent[] = [];
  for await (const event of readEventStream(stream)) events.push(event);
  return events;
}

async function rawText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('streamChat', () => {
  it('relays a stream with start first and timing on done', async () => {
    handlers.set('/ok', (_req, res) => {
      sse(res);
      res.end(`${chunk('Hi')}data: [DONE]\n\n`);
    });
    const events = await collect(streamChat(options('/ok'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'done']);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.timing?.ttft_ms).toBeGreaterThanOrEqual(0);
  });

  it('numbers every event and sends keepalives while the backend is silent', async () => {
    handlers.set('/slow-start', (_req, res) => {
      sse(res);
      setTimeout(() => res.end(`${chunk('late')}data: [DONE]\n\n`), 350);
    });
    const text = await rawText(
      streamChat(options('/slow-start', { keepaliveIntervalMs: 100 }), deps),
    );
    expect(text.match(/: keepalive\n\n/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text.match(/^id: \d+$/gm)).toEqual(['id: 1', 'id: 2', 'id: 3']);
  });

  it('paces a fast backend into few writes, losing nothing, and a slow one not at all', async () => {
    // 400 tokens in separate writes, 1 ms apart (one network read each, like a fast vLLM).
    handlers.set('/fast', (_req, res) => {
      sse(res);
      let i = 0;
      const timer = setInterval(() => {
        if (i < 400) res.write(chunk(`t${i++} `));
        else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 1);
    });
    const reader = streamChat(options('/fast'), deps).getReader();
    const chunks: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value));
    }
    const events = await collect(new Response(chunks.join('')).body!);
    const text = events.flatMap((e) => (e.type === 'content' ? [e.text] : [])).join('');
    expect(text).toBe(Array.from({ length: 400 }, (_, i) => `t${i} `).join(''));
    expect(events.at(-1)?.type).toBe('done');
    // ≥ 400 ms of streaming at one write per 16 ms at most (plus start and done).
    expect(chunks.length).toBeLessThan(60);

    // 40 ms between tokens: each one is written the moment it arrives.
    const sentAt: number[] = [];
    handlers.set('/paced-slow', (_req, res) => {
      sse(res);
      let i = 0;
      const timer = setInterval(() => {
        if (i < 5) {
          sentAt.push(performance.now());
          res.write(chunk(`s${i++}`));
        } else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 40);
    });
    const receivedAt: number[] = [];
    for await (const event of readEventStream(streamChat(options('/paced-slow'), deps))) {
      if (event.type === 'content') receivedAt.push(performance.now());
    }
    expect(receivedAt).toHaveLength(5);
    // Held text would arrive ~16 ms late; the median delay shows it was not held.
    const delays = receivedAt.map((at, i) => at - sentAt[i]!).sort((a, b) => a - b);
    expect(delays[2]).toBeLessThan(10);
  });

  it('closes the upstream connection at once when the browser goes away', async () => {
    handlers.set('/endless', (_req, res) => {
      sse(res);
      const timer = setInterval(() => res.write(chunk('x')), 10);
      res.on('close', () => clearInterval(timer));
    });
    const client = new AbortController();
    const stream = streamChat(options('/endless', { signal: client.signal }), deps);
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    const abortedAt = performance.now();
    client.abort();
    await expect.poll(() => closedAt.get('/endless'), { timeout: 2000 }).toBeGreaterThan(abortedAt);
    expect(closedAt.get('/endless')! - abortedAt).toBeLessThan(200);
  });

  it('closes the upstream connection when the response stream is cancelled', async () => {
    handlers.set('/endless2', (_req, res) => {
      sse(res);
      const timer = setInterval(() => res.write(chunk('x')), 10);
      res.on('close', () => clearInterval(timer));
    });
    const stream = streamChat(options('/endless2'), deps);
    const reader = stream.getReader();
    await reader.read();
    await reader.read(); // a content event: the upstream connection is open
    const cancelledAt = performance.now();
    await reader.cancel();
    await expect
      .poll(() => closedAt.get('/endless2'), { timeout: 2000 })
      .toBeGreaterThan(cancelledAt);
  });

  it('times out when no headers arrive', async () => {
    handlers.set('/no-headers', () => undefined);
    const events = await collect(
      streamChat(options('/no-headers', { headersTimeoutMs: 150 }), deps),
    );
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: { code: 'upstream_timeout', message: 'The backend sent no response within 150 ms' },
    });
    await expect.poll(() => closedAt.has('/no-headers')).toBe(true);
  });

  it('times out when the backend goes silent mid-stream, keeping what came', async () => {
    handlers.set('/stall', (_req, res) => {
      sse(res);
      res.write(chunk('partial'));
    });
    const events = await collect(streamChat(options('/stall', { idleTimeoutMs: 200 }), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_timeout' } });
    await expect.poll(() => closedAt.has('/stall')).toBe(true);
  });

  it('reports a backend HTTP error without ever echoing the key', async () => {
    handlers.set('/401', (req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}`,
            code: 401,
          },
        }),
      );
    });
    const stream = streamChat(options('/401'), deps);
    const text = await rawText(stream);
    expect(text).not.toContain(KEY);
    expect(text).toContain('"code":"upstream_http_error"');
    expect(text).toContain('"status":401');
    expect(text).toContain('Incorrect API key provided: [redacted]');
  });

  it('says the backend is unreachable, naming its address', async () => {
    const events = await collect(
      streamChat(
        options('', {
          upstream: { url: 'http://127.0.0.1:59999/v1/chat/completions', headers: {}, body: '{}' },
          backendURL: 'http://127.0.0.1:59999/v1',
        }),
        deps,
      ),
    );
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: {
        code: 'upstream_unreachable',
        message: 'The backend at http://127.0.0.1:59999/v1 could not be reached (ECONNREFUSED)',
      },
    });
  });

  it('treats a dropped connection as an incomplete stream', async () => {
    handlers.set('/drop', (_req, res) => {
      sse(res);
      res.write(chunk('cut'));
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const events = await collect(streamChat(options('/drop'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(events.at(-1)).toMatchObject({ error: { code: 'incomplete_stream' } });
  });

  it('translates a backend that ignored stream:true', async () => {
    handlers.set('/json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Whole', reasoning: 'Thought' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        }),
      );
    });
    const events = await collect(streamChat(options('/json'), deps));
    expect(events.slice(1, -1)).toEqual([
      { type: 'reasoning', text: 'Thought' },
      { type: 'content', text: 'Whole' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        final: true,
      },
    ]);
  });

  it('stops reading and closes the upstream after an error frame followed by [DONE]', async () => {
    handlers.set('/err-done', (_req, res) => {
      sse(res);
      res.write(`${chunk('a')}data: {"error":{"message":"boom ${KEY}","code":500}}\n\n`);
      setTimeout(() => res.end('data: [DONE]\n\n'), 500);
    });
    const events = await collect(streamChat(options('/err-done'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it('does not follow a redirect with the key', async () => {
    let redirectedTo = 0;
    handlers.set('/moved', (_req, res) => {
      res.writeHead(307, { location: `${base}/target` });
      res.end();
    });
    handlers.set('/target', (_req, res) => {
      redirectedTo++;
      sse(res);
      res.end('data: [DONE]\n\n');
    });
    const events = await collect(streamChat(options('/moved'), deps));
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_http_error', status: 307 } });
    expect(redirectedTo).toBe(0);
  });

  it('says so when the backend answers 200 with a web page', async () => {
    handlers.set('/portal', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome</body></html>');
    });
    const events = await collect(streamChat(options('/portal'), deps));
    expect(events.at(-1)).toMatchObject({
      error: { code: 'protocol_error', message: expect.stringContaining('web page') },
    });
  });
});
