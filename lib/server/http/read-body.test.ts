import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJsonBody } from './read-body';

/** A POST whose body is `body`, streamed with no Content-Length, as a chunked upload is. */
const streamingRequest = (body: ReadableStream<Uint8Array>) =>
  new Request('http://app.test/api/chat', { method: 'POST', body, duplex: 'half' } as RequestInit);

/** How a streamed body finished: read to its end, or cut off (cancelled); `end` says it. */
function bodyEnd() {
  let end!: (how: 'read to its end' | 'cut off') => void;
  const ended = new Promise<'read to its end' | 'cut off'>((resolve) => (end = resolve));
  return { ended, end };
}

/**
 * A request whose body streams in `chunks` with no Content-Length, as a chunked upload does.
 * Chunks from index `gateAt` on wait for `open()` (a client still sending); `ended` says how the
 * body finished: read to its end, or cut off (cancelled).
 */
function streamedRequest(chunks: string[], gateAt = Infinity) {
  let next = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const { ended, end } = bodyEnd();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= gateAt) await gate;
      const chunk = chunks[next++];
      if (chunk === undefined) {
        controller.close();
        end('read to its end');
      } else controller.enqueue(encoder.encode(chunk));
    },
    cancel: () => end('cut off'),
  });
  return { request: streamingRequest(body), pulled: () => next, open, ended };
}

describe('readJsonBody', () => {
  it('reads a streamed body within the limit', async () => {
    const { request } = streamedRequest(['{"model":', '"m"}']);
    expect(request.headers.get('content-length')).toBeNull();
    expect(await readJsonBody(request, 100)).toEqual({ ok: true, value: { model: 'm' } });
  });

  it('refuses a streamed body over the limit without Content-Length, without reading it all', async () => {
    const chunks = Array.from({ length: 50 }, () => 'x'.repeat(40));
    const { request, pulled, ended } = streamedRequest(chunks);
    expect(request.headers.get('content-length')).toBeNull();
    expect(await readJsonBody(request, 100)).toEqual({
      ok: false,
      error: {
        status: 413,
        code: 'request_too_large',
        message: 'The request body is larger than 100 bytes',
      },
    });
    // 3 chunks of 40 bytes pass 100, 3 more are thrown away past it, then the body is cut off:
    // the rest was never pulled (a stream reads ahead a little).
    expect(await ended).toBe('cut off');
    expect(pulled()).toBeLessThan(9);
  });

  it('answers a refusal at once and reads the rest behind it, so a client still sending can read the answer', async () => {
    const chunks = Array.from({ length: 4 }, () => 'x'.repeat(40));
    // The 4th chunk is still on its way when the answer is given.
    const { request, pulled, open, ended } = streamedRequest(chunks, 3);
    expect(await readJsonBody(request, 100)).toMatchObject({
      ok: false,
      error: { status: 413, code: 'request_too_large' },
    });
    expect(pulled()).toBe(3);
    open();
    // All 4 chunks and the end: the connection is left with no unread bytes to reset it.
    expect(await ended).toBe('read to its end');
    expect(pulled()).toBe(5);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const request = new Request('http://app.test/api/chat', {
      method: 'POST',
      headers: { 'content-length': '101' },
      body: '{}',
    });
    expect(await readJsonBody(request, 100)).toMatchObject({ ok: false, error: { status: 413 } });
  });

  it('says invalid_json for a body that is not JSON', async () => {
    const { request } = streamedRequest(['{"model":']);
    expect(await readJsonBody(request, 100)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_json' },
    });
  });

  it('refuses bytes that are not UTF-8 instead of replacing them', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"a":"'), 0xc0, 0x80, ...Buffer.from('"}')]);
    const request = new Request('http://app.test/api/chat', { method: 'POST', body: bytes });
    expect(await readJsonBody(request, 100)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid UTF-8' },
    });
  });

  it('refuses a body nested deeper than any chat request, before anything recurses into it', async () => {
    const deep = `{"model":"m","response_format":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const { request } = streamedRequest([deep]);
    expect(await readJsonBody(request, 1_000_000)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_request' },
    });
    const fine = `{"tools":[{"function":{"parameters":${'{"a":'.repeat(20)}1${'}'.repeat(20)}}}]}`;
    expect(await readJsonBody(streamedRequest([fine]).request, 1_000_000)).toMatchObject({
      ok: true,
    });
  });

  it('refuses a too-deep body at its first chunk, before the rest has arrived', async () => {
    const { request, pulled, open, ended } = streamedRequest(['['.repeat(65), ']'.repeat(65)], 1);
    expect(await readJsonBody(request, 1_000_000)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_request' },
    });
    expect(pulled()).toBe(1);
    open();
    expect(await ended).toBe('read to its end');
  });

  it('lets other work run between decoding, parsing and handing on a large body', async () => {
    const text = `{"content":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    const turns: string[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
        // Due once the event loop gets a turn: a health check waiting on its socket.
        setImmediate(() => turns.push('other work'));
      },
    });
    const read = await readJsonBody(streamingRequest(body), 8 * 1024 * 1024);
    turns.push('body handed on');
    expect(read).toMatchObject({ ok: true });
    expect(turns).toEqual(['other work', 'body handed on']);
  });
});

describe('readJsonBody: a body that arrives too slowly', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A body of `count` chunks of `size` bytes, each `everyMs` after the one before (fake time). */
  function pacedRequest(count: number, size: number, everyMs: number) {
    let sent = 0;
    const { ended, end } = bodyEnd();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        if (sent === count) {
          controller.enqueue(new TextEncoder().encode('"'));
          controller.close();
          end('read to its end');
          return;
        }
        controller.enqueue(new TextEncoder().encode((sent === 0 ? '"' : '') + 'x'.repeat(size)));
        sent += 1;
      },
      cancel: () => end('cut off'),
    });
    return { request: streamingRequest(body), ended, sent: () => sent };
  }

  const pace = { graceMs: 1500, minBytesPerSecond: 2048 };

  it('takes a body that keeps the pace, however long it takes in all', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // 2 KiB a second: each chunk is due one second after the one before, past the grace.
    const { request, ended } = pacedRequest(20, 2047, 990);
    const read = readJsonBody(request, 1 << 20, pace);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await ended).toBe('read to its end');
    expect(await read).toEqual({ ok: true, value: 'x'.repeat(20 * 2047) });
  });

  it('refuses a body that falls behind the pace with 408 and cuts it off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // 10 % slower than the pace: the grace is used up after a few chunks.
    const { request, ended, sent } = pacedRequest(20, 2047, 1100);
    const read = readJsonBody(request, 1 << 20, pace);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await read).toEqual({
      ok: false,
      error: {
        status: 408,
        code: 'request_timeout',
        message: 'The request body came too slowly: it may take 1.5 s plus 1 s per 2 KiB received',
      },
    });
    expect(await ended).toBe('cut off');
    expect(sent()).toBeLessThan(8);
  });

  it('refuses a body that stops coming after its grace', async () => {
    const { request, ended } = streamedRequest(['{"model":', '"m"}'], 1);
    expect(
      await readJsonBody(request, 100, { graceMs: 50, minBytesPerSecond: 1024 }),
    ).toMatchObject({ ok: false, error: { status: 408, code: 'request_timeout' } });
    expect(await ended).toBe('cut off');
  });
});
