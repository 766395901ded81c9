import { createServer } from 'node:http';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../protocol/read-event-stream';
import {
  collectEvents,
  contentFrame,
  sseHead,
  upstreamServerForTests,
  streamOptions,
  UNIT_KEY,
} from '../../../testing/unit/upstream-server';
import { until } from '../../../testing/unit/until';
import { STREAM_PACE_MS } from './pacer';
import { streamChat, type StreamChatOptions } from './stream-chat';

const server = upstreamServerForTests();

const deps = { fetch: globalThis.fetch, now: () => performance.now() };
const options = (path: string, overrides: Partial<StreamChatOptions> = {}) =>
  streamOptions(server, path, overrides);

describe('streamChat', () => {
  it('relays a stream with start first and timing on done', async () => {
    // The first token 120 ms after the request, the end 80 ms after that.
    server.handle('/ok', (_req, res) => {
      sseHead(res);
      setTimeout(() => {
        res.write(contentFrame('Hi'));
        setTimeout(() => res.end('data: [DONE]\n\n'), 80);
      }, 120);
    });
    const events = await collectEvents(streamChat(options('/ok'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'done']);
    const done = events.at(-1);
    const timing = done?.type === 'done' ? done.timing : undefined;
    // Measured from the request, not from the first byte, and the whole answer counted. Both are
    // lower bounds the backend's timers set: how late this process reads the first token on a busy
    // machine moves the first figure, not the total.
    expect(timing?.ttft_ms).toBeGreaterThanOrEqual(115);
    expect(timing?.ttft_ms).toBeLessThan(1000);
    expect(timing?.duration_ms).toBeGreaterThanOrEqual(195);
    expect(timing?.duration_ms).toBeGreaterThan(timing?.ttft_ms ?? Infinity);
  });

  it('numbers every event and sends keepalives while the backend is silent', async () => {
    server.handle('/slow-start', (_req, res) => {
      sseHead(res);
      setTimeout(() => res.end(`${contentFrame('late')}data: [DONE]\n\n`), 350);
    });
    const text = await new Response(
      streamChat(options('/slow-start', { keepaliveIntervalMs: 100 }), deps),
    ).text();
    expect(text.match(/: keepalive\n\n/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text.match(/^id: \d+$/gm)).toEqual(['id: 1', 'id: 2', 'id: 3']);
  });

  it('paces a fast backend into few writes, losing nothing, and a slow one not at all', async () => {
    // 400 tokens in separate writes, 1 ms apart (one network read each, like a fast vLLM).
    server.handle('/fast', (_req, res) => {
      sseHead(res);
      let i = 0;
      const timer = setInterval(() => {
        if (i < 400) res.write(contentFrame(`t${i++} `));
        else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 1);
    });
    const startedAt = performance.now();
    const reader = streamChat(options('/fast'), deps).getReader();
    const chunks: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value));
    }
    const events = await collectEvents(new Response(chunks.join('')).body!);
    const text = events.flatMap((e) => (e.type === 'content' ? [e.text] : [])).join('');
    expect(text).toBe(Array.from({ length: 400 }, (_, i) => `t${i} `).join(''));
    expect(events.at(-1)?.type).toBe('done');
    // At most one text write per pace interval, however long the backend took (a loaded machine
    // stretches 400 × 1 ms), plus start, the first token and done, which go out at once.
    const elapsed = performance.now() - startedAt;
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(elapsed / STREAM_PACE_MS) + 3);

    // 40 ms between tokens: each one is written the moment it arrives.
    const sentAt: number[] = [];
    server.handle('/paced-slow', (_req, res) => {
      sseHead(res);
      let i = 0;
      const timer = setInterval(() => {
        if (i < 5) {
          sentAt.push(performance.now());
          res.write(contentFrame(`s${i++}`));
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

  /** A backend that streams until its client goes away. */
  const endless = (path: string) =>
    server.handle(path, (_req, res) => {
      sseHead(res);
      const timer = setInterval(() => res.write(contentFrame('x')), 10);
      res.on('close', () => clearInterval(timer));
    });

  it('closes the upstream connection at once when the browser goes away', async () => {
    endless('/endless');
    const client = new AbortController();
    const reader = streamChat(options('/endless', { signal: client.signal }), deps).getReader();
    await reader.read();
    await reader.read();
    const abortedAt = performance.now();
    client.abort();
    await expect
      .poll(() => server.closed.get('/endless')?.at, { timeout: 2000 })
      .toBeGreaterThan(abortedAt);
    expect(server.closed.get('/endless')!.at - abortedAt).toBeLessThan(200);
  });

  it('closes the upstream within 50 ms when the browser goes away while the backend is silent', async () => {
    // A long prefill: the backend sent its headers and then nothing, so no write of its own
    // would ever notice the client is gone.
    let arrived = false;
    server.handle('/prefill', (_req, res) => {
      sseHead(res);
      arrived = true;
    });
    const client = new AbortController();
    const answered: (number | string)[] = [];
    const reader = streamChat(options('/prefill', { signal: client.signal }), {
      ...deps,
      onUpstream: (status) => answered.push(status),
    }).getReader();
    await reader.read(); // start
    await expect.poll(() => arrived).toBe(true);
    // The gateway has the headers: it now waits for a body that does not come.
    await until(() => answered.includes(200), 5_000);
    expect(server.closed.has('/prefill')).toBe(false);
    const abortedAt = performance.now();
    client.abort();
    await expect.poll(() => server.closed.get('/prefill'), { timeout: 2000 }).toBeDefined();
    expect(server.closed.get('/prefill')!.at - abortedAt).toBeLessThan(50);
  });

  it('closes the upstream connection when the response stream is cancelled', async () => {
    endless('/endless2');
    const reader = streamChat(options('/endless2'), deps).getReader();
    await reader.read();
    await reader.read(); // a content event: the upstream connection is open
    const cancelledAt = performance.now();
    await reader.cancel();
    await expect
      .poll(() => server.closed.get('/endless2')?.at, { timeout: 2000 })
      .toBeGreaterThan(cancelledAt);
  });

  it('stops reading and closes the upstream after an error frame followed by [DONE]', async () => {
    // vLLM's way: the error frame, then (here 1 s later) [DONE] and the end of the response.
    let errorSentAt = 0;
    server.handle('/err-done', (_req, res) => {
      sseHead(res);
      res.write(
        `${contentFrame('a')}data: {"error":{"message":"boom ${UNIT_KEY}","code":500}}\n\n`,
      );
      errorSentAt = performance.now();
      const timer = setTimeout(() => res.end('data: [DONE]\n\n'), 1000);
      res.on('close', () => clearTimeout(timer));
    });
    const events = await collectEvents(streamChat(options('/err-done'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(JSON.stringify(events)).not.toContain(UNIT_KEY);
    // The gateway hung up: the backend never got to end its response.
    await expect.poll(() => server.closed.get('/err-done'), { timeout: 2000 }).toBeDefined();
    const closed = server.closed.get('/err-done')!;
    expect(closed.endedByBackend).toBe(false);
    expect(closed.at - errorSentAt).toBeLessThan(500);
  });

  it('does not follow a redirect with the key', async () => {
    let redirectedTo = 0;
    server.handle('/moved', (_req, res) => {
      res.writeHead(307, { location: `${server.url}/target` });
      res.end();
    });
    server.handle('/target', (_req, res) => {
      redirectedTo++;
      sseHead(res);
      res.end('data: [DONE]\n\n');
    });
    const events = await collectEvents(streamChat(options('/moved'), deps));
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_http_error', status: 307 } });
    expect(redirectedTo).toBe(0);
  });

  it('lets the slot go at [DONE] and keeps the backend connection for the next answer', async () => {
    // A backend of its own: fetch pools connections per origin, and no other test's are in this one.
    const ports: number[] = [];
    // The body's end comes after [DONE] (as llama.cpp's may): here only once the answer's slot is
    // let go, so a relay that held the slot until the body's end would wait for its own timer.
    let endBody = () => {};
    const backend = createServer((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      req.resume();
      sseHead(res);
      res.write(contentFrame('Hi'));
      res.write('data: [DONE]\n\n');
      endBody = () => res.end();
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    // undici reports a response whose body it has read to the end; the connection is free after.
    let bodyRead = () => {};
    const onBodyRead = () => bodyRead();
    subscribe('undici:request:trailers', onBodyRead);
    try {
      for (let i = 0; i < 2; i++) {
        const read = new Promise<void>((resolve) => (bodyRead = resolve));
        const gate = {
          enter: async () => undefined,
          observe: () => undefined,
          leave: () => endBody(),
        };
        const request = options('', { upstream: { url, path: '', headers: {}, body: '{}' } });
        const events = await collectEvents(streamChat(request, { ...deps, gate }));
        expect(events.at(-1)).toMatchObject({ type: 'done' });
        await read;
        // fetch frees a connection in the event loop's turn after its body ended, not before.
        await new Promise(setImmediate);
      }
    } finally {
      unsubscribe('undici:request:trailers', onBodyRead);
      backend.closeAllConnections();
      backend.close();
    }
    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });
});
