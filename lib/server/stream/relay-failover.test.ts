import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { readEventStream } from '../../protocol/read-event-stream';
import type { ReplicaLease } from '../replicas/replica-pool';
import type { ReplicaSource } from './replica-source';
import { streamChat, type StreamChatOptions } from './stream-chat';

/** Replicas on one local server, told apart by path: each behaves as its name says. */
const hits: string[] = [];
let server: Server;
let base = '';
const REFUSED = 'http://127.0.0.1:9/v1';

function frame(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

function sse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const replica = (req.url ?? '').split('/')[1] ?? '';
    hits.push(replica);
    req.resume();
    if (replica === 'ok') {
      sse(res);
      res.end(`${frame('Hello')}${frame(' there')}data: [DONE]\n\n`);
    } else if (replica === 'unavailable') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"warming up"}}');
    } else if (replica === 'cut-before') {
      // Headers and the role chunk (no event), then the process dies.
      sse(res);
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`,
      );
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (replica === 'closed-once') {
      // The first request finds its connection closed without a response (a stale keep-alive
      // connection), the second is answered.
      if (hits.filter((h) => h === 'closed-once').length === 1) req.socket.destroy();
      else {
        sse(res);
        res.end(`${frame('Hello')}data: [DONE]\n\n`);
      }
    } else if (replica === 'closed-twice') {
      // Two stale connections (two answers that ended together), then an answer.
      if (hits.filter((h) => h === 'closed-twice').length <= 2) req.socket.destroy();
      else {
        sse(res);
        res.end(`${frame('Hello')}data: [DONE]\n\n`);
      }
    } else if (replica === 'cut-after') {
      sse(res);
      res.write(frame('partial'));
      setTimeout(() => res.socket?.destroy(), 50);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Replicas tried in the order given (the pool's own order is tested in replica-pool.test.ts). */
function ordered(urls: string[]) {
  const record: string[] = [];
  const source: ReplicaSource = {
    size: urls.length,
    async acquire(tried) {
      const baseURL = urls.find((u) => !tried.has(u));
      if (!baseURL) return undefined;
      const name = baseURL.split('/').at(-1);
      const lease: ReplicaLease = {
        baseURL,
        label: baseURL,
        failed: (reason) => record.push(`${name}:${reason}`),
        succeeded: () => record.push(`${name}:ok`),
        release: () => record.push(`${name}:released`),
      };
      return lease;
    },
  };
  return { source, record };
}

function options(replicas: ReplicaSource): StreamChatOptions {
  return {
    upstream: { url: `${base}/unused`, path: '', headers: {}, body: '{}' },
    backendURL: base,
    requestId: 'r1',
    model: 'm',
    normalizer: {},
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    keepaliveIntervalMs: 5_000,
    secrets: [],
    signal: new AbortController().signal,
    receivedAt: performance.now(),
    replicas,
  };
}

async function run(urls: string[], overrides: Partial<StreamChatOptions> = {}) {
  const { source, record } = ordered(urls);
  const events: RunnelEvent[] = [];
  const stream = streamChat(
    { ...options(source), ...overrides },
    {
      fetch: globalThis.fetch,
      now: () => performance.now(),
    },
  );
  for await (const event of readEventStream(stream)) events.push(event);
  const text = events.flatMap((e) => (e.type === 'content' ? [e.text] : [])).join('');
  return { events, text, record };
}

describe('replica failover', () => {
  it('moves past a refused connection, a 5xx and a stream cut before its answer, unseen', async () => {
    const { events, text, record } = await run([
      REFUSED,
      `${base}/unavailable`,
      `${base}/cut-before`,
      `${base}/ok`,
    ]);
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'done']);
    expect(text).toBe('Hello there');
    // The last lease goes back once that backend's body has ended, a moment after its [DONE].
    await expect
      .poll(() => record)
      .toEqual([
        'v1:unreachable',
        'v1:released',
        'unavailable:http_5xx',
        'unavailable:released',
        'cut-before:ok',
        'cut-before:broken',
        'cut-before:released',
        'ok:ok',
        'ok:released',
      ]);
  });

  it('sends once more to the same backend when its connection closed before any response', async () => {
    const { events, text } = await run([`${base}/closed-once`]);
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'done']);
    expect(text).toBe('Hello');
    expect(hits.filter((h) => h === 'closed-once')).toHaveLength(2);
  });

  it('sends again past two connections closed before any response (answers that ended together)', async () => {
    const { events, text } = await run([`${base}/closed-twice`]);
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'done']);
    expect(text).toBe('Hello');
    expect(hits.filter((h) => h === 'closed-twice')).toHaveLength(3);
  });

  it('reports the last replica’s failure when every one failed', async () => {
    const { events, record } = await run([REFUSED, `${base}/unavailable`]);
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error).toMatchObject({
      code: 'upstream_http_error',
      status: 503,
      message: 'warming up',
    });
    expect(record.filter((r) => r.endsWith('released'))).toHaveLength(2);
  });

  it('names the replica that failed by its address only to those who may see addresses', async () => {
    const unreachable = [REFUSED, 'http://127.0.0.1:9/v2'];
    const failure = async (overrides: Partial<StreamChatOptions>) => {
      const last = (await run(unreachable, overrides)).events.at(-1);
      return last?.type === 'error' ? last.error : undefined;
    };
    // A widget visitor: the provider's label, never an internal address.
    const visitor = await failure({ backendURL: '"Local vLLM"' });
    expect(visitor).toMatchObject({ code: 'upstream_unreachable' });
    expect(visitor?.message).toContain('The backend at "Local vLLM" could not be reached');
    expect(visitor?.message).not.toContain('127.0.0.1');
    // The deployment's own users: the replica that failed last, as before.
    const operator = await failure({ backendURL: REFUSED, showReplicaAddresses: true });
    expect(operator?.message).toContain(
      'The backend at http://127.0.0.1:9/v2 could not be reached',
    );
  });

  it('never moves an answer that started: it ends incomplete with its text kept', async () => {
    hits.length = 0;
    const { events, text, record } = await run([`${base}/cut-after`, `${base}/ok`]);
    expect(text).toBe('partial');
    const last = events.at(-1);
    expect(last?.type === 'error' && last.error.code).toBe('incomplete_stream');
    expect(hits).toEqual(['cut-after']);
    expect(record).toEqual(['cut-after:ok', 'cut-after:broken', 'cut-after:released']);
  });
});
