import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { readEventStream } from '../../protocol/read-event-stream';
import { streamChat, type StreamChatOptions } from './stream-chat';

/** A backend that writes `total` bytes of answer as fast as its socket takes them. */
let server: Server;
let base = '';
const written = new Map<string, number>();
const TEXT = 'x'.repeat(4096);
const FRAME = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: TEXT } }] })}\n\n`;

function flood(res: ServerResponse, key: string, total: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += FRAME.length;
      written.set(key, sent);
      if (!res.write(FRAME)) return void res.once('drain', pump);
    }
    // `stall`: the backend goes silent after its bytes, without ending the stream.
    if (key !== 'stall') res.end('data: [DONE]\n\n');
  };
  res.on('close', () => res.off('drain', pump));
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const [, key = '', size = '0'] = (req.url ?? '').split('/');
    flood(res, key, Number(size));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function options(path: string, overrides: Partial<StreamChatOptions> = {}): StreamChatOptions {
  return {
    upstream: { url: `${base}${path}`, path, headers: {}, body: '{}' },
    backendURL: base,
    requestId: 'r1',
    model: 'm',
    normalizer: {},
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    keepaliveIntervalMs: 60_000,
    secrets: [],
    signal: new AbortController().signal,
    receivedAt: performance.now(),
    ...overrides,
  };
}

const deps = { fetch: globalThis.fetch, now: () => performance.now() };
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What the backend had written once it wrote nothing more for 500 ms; fails when it never stops
 * within 15 s (a backend writing into a relay that does not push back never does before its end).
 */
async function settled(key: string): Promise<number> {
  const deadline = performance.now() + 15_000;
  let last = -1;
  while (performance.now() < deadline) {
    const now = written.get(key) ?? 0;
    if (now === last) return now;
    last = now;
    await sleep(500);
  }
  throw new Error(`The backend kept writing for 15 s (${last} bytes)`);
}

describe('a browser that stops reading', () => {
  it('stops the reading of the backend instead of buffering the answer', async () => {
    const abort = new AbortController();
    const stream = streamChat(options('/paused/67108864', { signal: abort.signal }), deps);
    const reader = stream.getReader();
    let received = 0;
    while (received < 256 * 1024) received += (await reader.read()).value?.byteLength ?? 0;
    // The reader pauses. What the backend manages to write meanwhile is what sits in buffers:
    // kernel socket buffers, the fetch body's and the output's bounded queues. It must come to a
    // stop there, well short of the answer: without backpressure the relay reads on until all
    // 64 MiB are in memory (and a fixed wait could end before either had happened).
    const held = await settled('paused');
    abort.abort();
    await reader.cancel();
    expect(held).toBeLessThan(16 * MiB);
  });

  /**
   * Reads the first chunk of an answer from `path` (idle timeout 300 ms), pauses 900 ms — longer
   * than the timeout: the relay waits for the browser meanwhile, which is no silence — then reads
   * the rest: its events and their text.
   */
  async function readAfterPause(path: string) {
    const reader = streamChat(options(path, { idleTimeoutMs: 300 }), deps).getReader();
    const first = await reader.read();
    await sleep(900);
    const rest: Uint8Array[] = [first.value!];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest.push(value);
    }
    const events: RunnelEvent[] = [];
    for await (const event of readEventStream(new Response(Buffer.concat(rest)).body!))
      events.push(event);
    const text = events.flatMap((e) => (e.type === 'content' ? [e.text] : [])).join('');
    return { events, text };
  }

  it('does not count its pause as the backend’s silence (no upstream_timeout)', async () => {
    const { events, text } = await readAfterPause('/idle/2097152');
    expect(text.length).toBe(Math.ceil(2097152 / FRAME.length) * TEXT.length);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('still times out a backend that goes silent after such a pause', async () => {
    const { events, text } = await readAfterPause('/stall/2097152');
    expect(text.length).toBe(Math.ceil(2097152 / FRAME.length) * TEXT.length);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_timeout' } });
  });
});
