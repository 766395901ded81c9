import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../testing/unit/until';
import type { RunnelEvent } from '../../protocol/events';
import { createLocalAnswers } from './local-answers';
import { createReaderStream } from './reader-stream';
import {
  startResumableAnswer,
  type ResumableAnswerDeps,
  type ResumableAnswerOptions,
} from './resumable-answer';
import { ABANDONED_MESSAGE, NOT_KEPT_MESSAGE } from './resumable-sink';

/** A real local backend: `/count/N` streams N content tokens 15 ms apart, then [DONE]. */
const closedAt = new Map<string, number>();
let server: Server;
let base = '';
let nextPath = 0;

function chunk(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const count = Number(/\/count\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
  if (req.url?.startsWith('/silent')) {
    // A long prefill: headers, then not a byte until the client goes away.
    res.on('close', () => closedAt.set(req.url ?? '', performance.now()));
    return;
  }
  let i = 0;
  const timer = setInterval(() => {
    if (i < count) res.write(chunk(`t${i++} `));
    else {
      clearInterval(timer);
      res.end('data: [DONE]\n\n');
    }
  }, 15);
  res.on('close', () => {
    clearInterval(timer);
    closedAt.set(req.url ?? '', performance.now());
  });
}

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Frame {
  id: number;
  event: RunnelEvent;
}

/**
 * Reads frames with their ids; `stopWhen` sees those read so far after each read, and lets a test
 * leave early (the reader then detaches).
 */
async function frames(
  stream: ReadableStream<Uint8Array>,
  stopWhen: (frames: Frame[]) => boolean = () => false,
): Promise<Frame[]> {
  const out: Frame[] = [];
  const parser = createParser({
    onEvent: (m) => out.push({ id: Number(m.id), event: JSON.parse(m.data) as RunnelEvent }),
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    if (stopWhen(out)) {
      await reader.cancel();
      break;
    }
  }
  return out;
}

const text = (list: Frame[]) =>
  list.map((f) => (f.event.type === 'content' ? f.event.text : '')).join('');

function setup(
  count: number | 'silent',
  overrides: Partial<ResumableAnswerOptions> = {},
  bytes = 1 << 20,
  moreDeps: Partial<ResumableAnswerDeps> = {},
) {
  const path = count === 'silent' ? `/silent/${nextPath++}` : `/count/${count}/${nextPath++}`;
  const answers = createLocalAnswers({ maxBytes: bytes, maxAnswerBytes: bytes, ttlMs: 60_000 });
  const browser = new AbortController();
  const requestId = `chat_${crypto.randomUUID()}`;
  const answer = startResumableAnswer(
    {
      upstream: { url: `${base}${path}`, path: '/chat/completions', headers: {}, body: '{}' },
      backendURL: base,
      requestId,
      model: 'm',
      normalizer: {},
      headersTimeoutMs: 5_000,
      idleTimeoutMs: 5_000,
      keepaliveIntervalMs: 5_000,
      secrets: [],
      signal: browser.signal,
      receivedAt: performance.now(),
      graceMs: 10_000,
      ...overrides,
    },
    { fetch: globalThis.fetch, now: () => performance.now(), answers, ...moreDeps },
  );
  const reattach = (afterSeq: number, signal = new AbortController().signal) =>
    createReaderStream(answers.get(requestId)!.feed, {
      afterSeq,
      keepaliveIntervalMs: 5_000,
      signal,
    });
  /**
   * Waits until the browser's connection has left and the answer went on without it: an entry
   * was kept while nobody read.
   */
  const goneOnUnread = async () => {
    const log = answers.get(requestId)!;
    await until(() => log.readers() === 0, 5_000);
    const keptWhenLeft = log.bytes();
    await until(() => log.bytes() > keptWhenLeft, 5_000);
  };
  return { path, answers, browser, requestId, answer, reattach, goneOnUnread };
}

describe('resumable answer', () => {
  it('starts with a resume token and numbers its events like a plain answer', async () => {
    const { answer, requestId } = setup(3);
    const all = await frames(answer.stream);
    expect(all.map((f) => f.id)).toEqual(all.map((_, i) => i + 1));
    const start = all[0]!.event;
    expect(start).toMatchObject({ type: 'start', request_id: requestId, model: 'm' });
    expect(start.type === 'start' && start.resume_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(text(all)).toBe('t0 t1 t2 ');
    expect(all.at(-1)!.event.type).toBe('done');
    await answer.finished;
  });

  it('never keeps the resume token: what is stored (and mirrored) has only its hash', async () => {
    const { answer, reattach } = setup(3);
    const all = await frames(answer.stream);
    const token = all[0]!.event.type === 'start' ? all[0]!.event.resume_token : undefined;
    expect(token).toBeTruthy();
    const kept = await frames(reattach(0));
    expect(kept[0]!.event).toMatchObject({ type: 'start' });
    expect(JSON.stringify(kept)).not.toContain(token!);
    await answer.finished;
  });

  it('goes on generating when the browser leaves; a reader joins with no gap and no duplicate', async () => {
    const { answer, browser, reattach, path, goneOnUnread } = setup(30);
    const first = await frames(answer.stream, (f) => text(f).split(' ').length > 5);
    browser.abort();
    await goneOnUnread();
    const rest = await frames(reattach(first.at(-1)!.id));
    expect(rest[0]!.id).toBe(first.at(-1)!.id + 1);
    const joined = [...first, ...rest];
    expect(joined.map((f) => f.id)).toEqual(joined.map((_, i) => i + 1));
    expect(text(joined)).toBe(Array.from({ length: 30 }, (_, i) => `t${i} `).join(''));
    expect(joined.at(-1)!.event.type).toBe('done');
    await answer.finished;
    await expect.poll(() => closedAt.has(path)).toBe(true);
  });

  it('closes the upstream when nobody reattaches within the grace period', async () => {
    const { answer, browser, reattach, path } = setup(200, { graceMs: 120 });
    await frames(answer.stream, (f) => f.length > 3);
    const leftAt = performance.now();
    browser.abort();
    await answer.finished;
    await expect.poll(() => closedAt.get(path)).toBeDefined();
    const waited = closedAt.get(path)! - leftAt;
    expect(waited).toBeGreaterThanOrEqual(110);
    expect(waited).toBeLessThan(1000);
    // The answer ends for whoever reads it later: cut off, with its text.
    const replay = await frames(reattach(0));
    expect(replay.at(-1)!.event).toEqual({
      type: 'error',
      error: { code: 'incomplete_stream', message: ABANDONED_MESSAGE },
    });
    expect(text(replay).length).toBeGreaterThan(0);
  });

  it('a reader that reattaches within the grace period keeps it going to the end', async () => {
    const { answer, browser, reattach, path, goneOnUnread } = setup(25, { graceMs: 120 });
    const first = await frames(answer.stream, (f) => f.length > 3);
    browser.abort();
    // The grace period runs from here.
    await goneOnUnread();
    const rest = await frames(reattach(first.at(-1)!.id));
    expect(rest.at(-1)!.event.type).toBe('done');
    expect(text([...first, ...rest])).toBe(Array.from({ length: 25 }, (_, i) => `t${i} `).join(''));
    await answer.finished;
    await expect.poll(() => closedAt.has(path)).toBe(true);
  });

  it('a stop closes the upstream at once and ends every reader with `stopped`', async () => {
    const { answer, answers, requestId, reattach, path } = setup(500);
    // Both readers are followed as they read: the stop comes once text reached each of them.
    const seen: Frame[][] = [[], []];
    const following = (i: number) => (f: Frame[]) => {
      seen[i] = f;
      return false;
    };
    const first = frames(answer.stream, following(0));
    const second = frames(reattach(0), following(1));
    await until(() => seen.every((f) => text(f).length > 0), 5_000);
    const stoppedAt = performance.now();
    answers.get(requestId)!.requestStop();
    const [a, b] = await Promise.all([first, second]);
    // Its end says how long the backend took to be let go.
    expect(a.at(-1)!.event).toEqual({ type: 'stopped', released_ms: expect.any(Number) });
    expect(b.map((f) => f.id)).toEqual(a.map((f) => f.id));
    await answer.finished;
    await expect.poll(() => closedAt.get(path)).toBeDefined();
    // At once: far sooner than the 10 s grace period it would otherwise run on for.
    expect(closedAt.get(path)! - stoppedAt).toBeLessThan(1000);
    // Stopping again changes nothing.
    answers.get(requestId)!.requestStop();
    expect((await frames(reattach(0))).filter((f) => f.event.type === 'stopped')).toHaveLength(1);
  });

  it('a stop closes the upstream within 50 ms while the backend is silent (a long prefill)', async () => {
    const answered: (number | string)[] = [];
    const { answer, answers, requestId, path } = setup('silent', {}, undefined, {
      onUpstream: (status) => answered.push(status),
    });
    const read = frames(answer.stream);
    // The request reached the backend, which sent its headers and now says nothing: only an
    // abort can end it.
    await expect.poll(() => answers.get(requestId)?.readers()).toBe(1);
    await until(() => answered.includes(200), 5_000);
    expect(closedAt.has(path)).toBe(false);
    const stoppedAt = performance.now();
    answers.get(requestId)!.requestStop();
    await expect.poll(() => closedAt.get(path), { timeout: 2000 }).toBeDefined();
    expect(closedAt.get(path)! - stoppedAt).toBeLessThan(50);
    const end = (await read).at(-1)!.event as { type: string; released_ms: number };
    expect(end).toEqual({ type: 'stopped', released_ms: expect.any(Number) });
    expect(end.released_ms).toBeLessThan(50);
    await answer.finished;
  });

  it('an answer too large to keep says so, and a disconnect then closes the upstream at once', async () => {
    const { answer, answers, requestId, path } = setup(500, {}, 600);
    let leftAt = 0;
    // Leaving (the stream is cancelled) right after the notice.
    const seen = await frames(answer.stream, (f) => {
      const said = f.some((x) => x.event.type === 'status' && x.event.message === NOT_KEPT_MESSAGE);
      if (said) {
        expect(answers.get(requestId)!.kept()).toBe(false);
        expect(answers.usedBytes()).toBe(0);
        leftAt = performance.now();
      }
      return said;
    });
    expect(seen.map((f) => f.id)).toEqual(seen.map((_, i) => i + 1));
    await answer.finished;
    await expect.poll(() => closedAt.get(path)).toBeDefined();
    // At once, not after the 10 s grace period.
    expect(closedAt.get(path)! - leftAt).toBeLessThan(1000);
    expect(answers.get(requestId)).toBeUndefined();
  });
});
