import { describe, expect, it } from 'vitest';
import {
  collectEvents,
  contentFrame,
  sseHead,
  upstreamServerForTests,
  streamOptions,
  UNIT_KEY,
} from '../../../testing/unit/upstream-server';
import { streamChat, type StreamChatOptions, type StreamSummary } from './stream-chat';

const server = upstreamServerForTests();

const deps = { fetch: globalThis.fetch, now: () => performance.now() };
const options = (path: string, overrides: Partial<StreamChatOptions> = {}) =>
  streamOptions(server, path, overrides);

describe('streamChat: every failure is one terminal error event', () => {
  it('times out when no headers arrive, and closes the connection', async () => {
    server.handle('/no-headers', () => undefined);
    // Long enough for the request to reach the backend on a loaded machine: only then is there a
    // connection whose closing means something.
    const events = await collectEvents(
      streamChat(options('/no-headers', { headersTimeoutMs: 1000 }), deps),
    );
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: { code: 'upstream_timeout', message: 'The backend sent no response within 1000 ms' },
    });
    expect(server.arrived.has('/no-headers')).toBe(true);
    await expect.poll(() => server.closed.has('/no-headers'), { timeout: 2000 }).toBe(true);
  });

  it('times out when the backend goes silent mid-stream, keeping what came', async () => {
    server.handle('/stall', (_req, res) => {
      sseHead(res);
      res.write(contentFrame('partial'));
    });
    const events = await collectEvents(streamChat(options('/stall', { idleTimeoutMs: 200 }), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_timeout' } });
    await expect.poll(() => server.closed.has('/stall'), { timeout: 2000 }).toBe(true);
  });

  it('reports a backend HTTP error without ever echoing the configured key, nor logging it', async () => {
    server.handle('/401', (req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      const key = req.headers.authorization?.slice('Bearer '.length);
      res.end(
        JSON.stringify({ error: { message: `Incorrect API key provided: ${key}`, code: 401 } }),
      );
    });
    const summaries: StreamSummary[] = [];
    const stream = streamChat(options('/401'), { ...deps, onEnd: (s) => summaries.push(s) });
    const text = await new Response(stream).text();
    expect(text).not.toContain(UNIT_KEY);
    expect(text).toContain('"code":"upstream_http_error"');
    expect(text).toContain('"status":401');
    expect(text).toContain('Incorrect API key provided: [redacted]');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.errorMessage).toBe('Incorrect API key provided: [redacted]');
  });

  it.each([
    ['seconds', '20', 20],
    ['an HTTP date', 'DATE', 60],
    ['nothing readable', 'soon', undefined],
  ])("passes the backend's Retry-After on with its 429 (%s)", async (_label, header, wait) => {
    const path = `/429-${_label.length}`;
    server.handle(path, (_req, res) => {
      const value = header === 'DATE' ? new Date(Date.now() + 60_000).toUTCString() : header;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': value });
      res.end(JSON.stringify({ error: { code: 429, message: 'Rate limit exceeded' } }));
    });
    const events = await collectEvents(streamChat(options(path), deps));
    const error = events.at(-1)?.type === 'error' ? events.at(-1) : undefined;
    expect(error).toMatchObject({ error: { code: 'upstream_http_error', status: 429 } });
    const seconds = (error as { error: { retry_after_s?: number } }).error.retry_after_s;
    const { message } = (error as { error: { message: string } }).error;
    if (wait === undefined) expect(message).toBe('Rate limit exceeded');
    else expect(message).toBe(`Rate limit exceeded (it asks to wait ${seconds} s)`);
    if (wait === undefined) expect(seconds).toBeUndefined();
    // An HTTP date has whole seconds, and the request took some time.
    else if (header === 'DATE') expect(seconds).toSatisfy((s: number) => s >= 50 && s <= 60);
    else expect(seconds).toBe(wait);
  });

  it('masks the configured key in a status comment', async () => {
    server.handle('/status-key', (_req, res) => {
      sseHead(res);
      res.end(`: loading with ${UNIT_KEY}\n\ndata: [DONE]\n\n`);
    });
    const events = await collectEvents(streamChat(options('/status-key'), deps));
    expect(events[1]).toEqual({ type: 'status', message: 'loading with [redacted]' });
  });

  it('says the backend is unreachable, naming its address', async () => {
    const events = await collectEvents(
      streamChat(
        options('', {
          upstream: {
            url: 'http://127.0.0.1:59999/v1/chat/completions',
            path: '/chat/completions',
            headers: {},
            body: '{}',
          },
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
    server.handle('/drop', (_req, res) => {
      sseHead(res);
      res.write(contentFrame('cut'));
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const events = await collectEvents(streamChat(options('/drop'), deps));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'error']);
    expect(events.at(-1)).toMatchObject({ error: { code: 'incomplete_stream' } });
  });

  it.each([
    ['an empty 200 event stream', '/empty-200', 200],
    ['a 204 (a response without a body at all)', '/no-body-204', 204],
  ])('treats %s as an incomplete stream', async (_label, path, status) => {
    server.handle(path, (_req, res) => {
      res.writeHead(status, status === 200 ? { 'content-type': 'text/event-stream' } : {});
      res.end();
    });
    const events = await collectEvents(streamChat(options(path), deps));
    expect(events.slice(1)).toEqual([
      {
        type: 'error',
        error: {
          code: 'incomplete_stream',
          message: 'The backend closed the stream before it finished ([DONE] never arrived)',
        },
      },
    ]);
  });

  it('translates a backend that ignored stream:true', async () => {
    server.handle('/json', (_req, res) => {
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
    const events = await collectEvents(streamChat(options('/json'), deps));
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

  it('says so when the backend answers 200 with a web page', async () => {
    server.handle('/portal', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome</body></html>');
    });
    const events = await collectEvents(streamChat(options('/portal'), deps));
    expect(events.at(-1)).toMatchObject({
      error: { code: 'protocol_error', message: expect.stringContaining('web page') },
    });
  });
});
